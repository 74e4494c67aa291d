// A video's stored chapters (one row per video), read and written by owner.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { videoChapters, type StoredChapter } from "../schema";

export type VideoChaptersRow = typeof videoChapters.$inferSelect;

export async function getVideoChapters(db: Db, params: { userId: string; videoId: string; forUpdate?: boolean }): Promise<VideoChaptersRow | null> {
  const query = db
    .select()
    .from(videoChapters)
    .where(and(eq(videoChapters.videoId, params.videoId), eq(videoChapters.userId, params.userId)));
  const [row] = params.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** Creates or replaces the video's chapters. */
export async function saveVideoChapters(
  db: Db,
  params: { userId: string; videoId: string; jobId: string; fingerprint: string; chapters: StoredChapter[] },
): Promise<void> {
  await db
    .insert(videoChapters)
    .values({ videoId: params.videoId, userId: params.userId, jobId: params.jobId, fingerprint: params.fingerprint, chapters: params.chapters })
    .onConflictDoUpdate({
      target: videoChapters.videoId,
      set: { fingerprint: params.fingerprint, chapters: params.chapters, updatedAt: sql`now()` },
      where: eq(videoChapters.userId, params.userId),
    });
}

export async function deleteVideoChapters(db: Db, params: { userId: string; videoId: string }): Promise<void> {
  await db.delete(videoChapters).where(and(eq(videoChapters.videoId, params.videoId), eq(videoChapters.userId, params.userId)));
}
