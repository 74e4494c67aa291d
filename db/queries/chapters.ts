// A video's stored chapters (one row per video), read and written by owner.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { segments, videoChapters, type StoredChapter } from "../schema";

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

/**
 * The stored sentence vectors of a video's segments of `modules` (id → vector), of the model most
 * of them were made with (vectors of different models are never compared).
 */
export async function listSegmentVectors(db: Db, params: { userId: string; jobId: string; modules: readonly string[] }): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ id: segments.id, embedding: segments.embedding, model: segments.embeddingModel })
    .from(segments)
    .where(and(eq(segments.jobId, params.jobId), eq(segments.userId, params.userId), inArray(segments.module, [...params.modules]), isNotNull(segments.embedding)));
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.model ?? "", (count.get(r.model ?? "") ?? 0) + 1);
  const model = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return new Map(rows.filter((r) => (r.model ?? "") === model && r.embedding).map((r) => [r.id, r.embedding!]));
}
