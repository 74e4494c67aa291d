// Projects of the caller: create, read, change, delete, and moving videos into one.
import type { Db } from "@/db/client";
import {
  deleteProject,
  findOwnedJobIds,
  getProjectWithCount,
  insertProject,
  listProjects,
  setVideosProject,
  updateProject,
  type ProjectWithCount,
} from "@/db/queries/projects";
import { listVideos } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { notFound } from "@/lib/core/errors";

export async function requireProject(db: Db, params: { userId: string; projectId: string }): Promise<ProjectWithCount> {
  const project = await getProjectWithCount(db, params);
  if (!project) throw notFound("Project");
  return project;
}

export function listUserProjects(db: Db, userId: string): Promise<ProjectWithCount[]> {
  return listProjects(db, userId);
}

export async function createProject(
  db: Db,
  params: { userId: string; name: string; description?: string },
): Promise<ProjectWithCount> {
  const row = await insertProject(db, params);
  return { ...row, videoCount: 0 };
}

export async function patchProject(
  db: Db,
  params: { userId: string; projectId: string; name?: string; description?: string },
): Promise<ProjectWithCount> {
  const set = {
    ...(params.name !== undefined ? { name: params.name } : {}),
    ...(params.description !== undefined ? { description: params.description } : {}),
  };
  if (Object.keys(set).length && !(await updateProject(db, { userId: params.userId, projectId: params.projectId, set }))) {
    throw notFound("Project");
  }
  return requireProject(db, params);
}

/** Deletes the project; its videos stay, with project_id null. */
export async function removeProject(db: Db, params: { userId: string; projectId: string }): Promise<void> {
  if (!(await deleteProject(db, params))) throw notFound("Project");
}

export async function listProjectVideos(db: Db, params: { userId: string; projectId: string }): Promise<Video[]> {
  await requireProject(db, params);
  return listVideos(db, { userId: params.userId, projectId: params.projectId });
}

/**
 * Moves videos into the project (a video is in at most one project, so out of any other). Every
 * job id must be one of the caller's videos, else 404 `Video not found` and nothing changes.
 * Returns how many distinct videos are now in the project from the request.
 */
export async function assignVideos(
  db: Db,
  params: { userId: string; projectId: string; jobIds: string[] },
): Promise<number> {
  const wanted = [...new Set(params.jobIds.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    await requireProject(tx, params);
    const owned = new Set(await findOwnedJobIds(tx, { userId: params.userId, jobIds: wanted }));
    if (wanted.some((id) => !owned.has(id))) throw notFound("Video");
    return setVideosProject(tx, { userId: params.userId, projectId: params.projectId, jobIds: wanted });
  });
}
