// Videos, scoped to their owner. Segments, runs, events and shared reports go with a video
// (foreign keys cascade).
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { videos, type Video } from "../schema";
import type { VideoStatus } from "@/lib/core/video-statuses";
import { isUuid } from "@/lib/core/uuid";

export { VIDEO_STATUSES, type VideoStatus } from "@/lib/core/video-statuses";

export async function getVideoByJobId(db: Db, params: { userId: string; jobId: string }): Promise<Video | null> {
  if (!isUuid(params.jobId)) return null;
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.jobId, params.jobId), eq(videos.userId, params.userId)))
    .limit(1);
  return row ?? null;
}

/** Any user's video with this job id: only for uniqueness checks, never to answer a caller. */
export async function jobIdTaken(db: Db, jobId: string): Promise<boolean> {
  const rows = await db.select({ id: videos.id }).from(videos).where(eq(videos.jobId, jobId)).limit(1);
  return rows.length > 0;
}

export async function getVideoByStoragePath(db: Db, params: { userId: string; storagePath: string }) {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.userId, params.userId), eq(videos.storagePath, params.storagePath)))
    .limit(1);
  return row ?? null;
}

export async function listVideos(
  db: Db,
  params: { userId: string; projectId?: string; status?: VideoStatus },
): Promise<Video[]> {
  if (params.projectId && !isUuid(params.projectId)) return [];
  const where: SQL[] = [eq(videos.userId, params.userId)];
  if (params.projectId) where.push(eq(videos.projectId, params.projectId));
  if (params.status) where.push(eq(videos.status, params.status));
  return db.select().from(videos).where(and(...where)).orderBy(desc(videos.createdAt), desc(videos.id));
}

export async function insertVideo(db: Db, values: typeof videos.$inferInsert): Promise<Video> {
  const [row] = await db.insert(videos).values(values).returning();
  return row!;
}

export async function updateVideo(
  db: Db,
  params: { userId: string; jobId: string; set: Partial<typeof videos.$inferInsert>; fromStatuses?: VideoStatus[] },
): Promise<Video | null> {
  const where: SQL[] = [eq(videos.jobId, params.jobId), eq(videos.userId, params.userId)];
  if (params.fromStatuses) where.push(inArray(videos.status, params.fromStatuses));
  const [row] = await db
    .update(videos)
    .set({ ...params.set, updatedAt: new Date() })
    .where(and(...where))
    .returning();
  return row ?? null;
}

export async function deleteVideo(db: Db, params: { userId: string; jobId: string }): Promise<boolean> {
  const rows = await db
    .delete(videos)
    .where(and(eq(videos.jobId, params.jobId), eq(videos.userId, params.userId)))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** Removes the videos registered for a stored file (with their segments and shared reports); their job ids. */
export async function deleteVideosByStoragePath(db: Db, params: { userId: string; storagePath: string }): Promise<string[]> {
  const rows = await db
    .delete(videos)
    .where(and(eq(videos.userId, params.userId), eq(videos.storagePath, params.storagePath)))
    .returning({ jobId: videos.jobId });
  return rows.map((r) => r.jobId);
}

/** Which of these job ids still have a video (the event hub ends the streams of deleted ones). */
export async function existingJobIds(db: Db, jobIds: string[]): Promise<Set<string>> {
  if (!jobIds.length) return new Set();
  const rows = await db.select({ jobId: videos.jobId }).from(videos).where(inArray(videos.jobId, jobIds));
  return new Set(rows.map((r) => r.jobId));
}

/** A run of the video finished: completed, one more run counted. Null unless it was processing. */
export async function markVideoCompleted(db: Db, params: { jobId: string; processingTime: number }): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: "completed", error: null, processingTime: params.processingTime, runCount: sql`${videos.runCount} + 1`, updatedAt: new Date() })
    .where(and(eq(videos.jobId, params.jobId), eq(videos.status, "processing")))
    .returning();
  return row ?? null;
}

/** A run of the video failed. Null unless it was queued or processing. */
export async function markVideoFailed(db: Db, params: { jobId: string; processingTime: number; error: string }): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: "failed", error: params.error, processingTime: params.processingTime, updatedAt: new Date() })
    .where(and(eq(videos.jobId, params.jobId), inArray(videos.status, ["queued", "processing"])))
    .returning();
  return row ?? null;
}
