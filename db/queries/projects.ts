// Projects, scoped to their owner. `video_count` is counted on every read (never stored), so it is
// right whatever moved a video: assign, PATCH /videos, a deleted video or a deleted project.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { projects, videos } from "../schema";
import { isUuid } from "@/lib/core/uuid";

export type Project = typeof projects.$inferSelect;
export type ProjectWithCount = Project & { videoCount: number };

export async function getProject(db: Db, params: { userId: string; projectId: string }) {
  if (!isUuid(params.projectId)) return null;
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)))
    .limit(1);
  return row ?? null;
}

/** The caller's projects with their video counts, newest first: one query. */
export async function listProjects(db: Db, userId: string, projectId?: string): Promise<ProjectWithCount[]> {
  const rows = await db
    .select({ project: projects, videoCount: count(videos.id) })
    .from(projects)
    .leftJoin(videos, and(eq(videos.projectId, projects.id), eq(videos.userId, projects.userId)))
    .where(and(eq(projects.userId, userId), projectId ? eq(projects.id, projectId) : undefined))
    .groupBy(projects.id)
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((r) => ({ ...r.project, videoCount: Number(r.videoCount) }));
}

export async function getProjectWithCount(db: Db, params: { userId: string; projectId: string }) {
  if (!isUuid(params.projectId)) return null;
  const [row] = await listProjects(db, params.userId, params.projectId);
  return row ?? null;
}

export async function insertProject(db: Db, values: { userId: string; name: string; description?: string }): Promise<Project> {
  const [row] = await db
    .insert(projects)
    .values({ userId: values.userId, name: values.name, description: values.description ?? "" })
    .returning();
  return row!;
}

export async function updateProject(
  db: Db,
  params: { userId: string; projectId: string; set: { name?: string; description?: string } },
): Promise<Project | null> {
  if (!isUuid(params.projectId)) return null;
  const [row] = await db
    .update(projects)
    .set({ ...params.set, updatedAt: new Date() })
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)))
    .returning();
  return row ?? null;
}

/** Deletes a project; its videos stay, with `project_id` null (the foreign key sets it). */
export async function deleteProject(db: Db, params: { userId: string; projectId: string }): Promise<boolean> {
  if (!isUuid(params.projectId)) return false;
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/** The caller's videos among `jobIds` (ids that are not UUIDs match nothing). */
export async function findOwnedJobIds(db: Db, params: { userId: string; jobIds: readonly string[] }): Promise<string[]> {
  const ids = [...new Set(params.jobIds)].filter((id) => isUuid(id));
  if (!ids.length) return [];
  const rows = await db
    .select({ jobId: videos.jobId })
    .from(videos)
    .where(and(eq(videos.userId, params.userId), inArray(videos.jobId, ids)))
    .for("update");
  return rows.map((r) => r.jobId);
}

/** Moves the caller's videos into a project (out of any other one). Returns how many were set. */
export async function setVideosProject(
  db: Db,
  params: { userId: string; projectId: string; jobIds: readonly string[] },
): Promise<number> {
  const ids = [...new Set(params.jobIds)];
  if (!ids.length) return 0;
  const rows = await db
    .update(videos)
    .set({ projectId: params.projectId, updatedAt: sql`case when ${videos.projectId} is distinct from ${params.projectId}::uuid then now() else ${videos.updatedAt} end` })
    .where(and(eq(videos.userId, params.userId), inArray(videos.jobId, ids)))
    .returning({ id: videos.id });
  return rows.length;
}
