// Shared reports, and the public reads of a video that a share hash or a playback token allows.
// Those public reads are not scoped to an owner: the caller proved access with a random hash or a
// signed token, and the routes that use them expose no user ids, storage paths or keys.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { sharedReports, videos, type Video } from "../schema";
import { isUuid } from "@/lib/core/uuid";

export type SharedReport = typeof sharedReports.$inferSelect;

export async function getShareForVideo(db: Db, params: { userId: string; videoId: string }): Promise<SharedReport | null> {
  const [row] = await db
    .select()
    .from(sharedReports)
    .where(and(eq(sharedReports.videoId, params.videoId), eq(sharedReports.userId, params.userId)))
    .limit(1);
  return row ?? null;
}

/** Inserts the share of a video unless it has one; the existing or new row and whether it is new. */
export async function insertShareIfAbsent(
  db: Db,
  values: { userId: string; videoId: string; shareHash: string },
): Promise<{ share: SharedReport; created: boolean }> {
  const [row] = await db
    .insert(sharedReports)
    .values(values)
    .onConflictDoNothing({ target: sharedReports.videoId })
    .returning();
  if (row) return { share: row, created: true };
  const existing = await getShareForVideo(db, values);
  if (!existing) throw new Error(`share of video ${values.videoId} vanished while being created`);
  return { share: existing, created: false };
}

export async function deleteShareForVideo(db: Db, params: { userId: string; videoId: string }): Promise<boolean> {
  const rows = await db
    .delete(sharedReports)
    .where(and(eq(sharedReports.videoId, params.videoId), eq(sharedReports.userId, params.userId)))
    .returning({ id: sharedReports.id });
  return rows.length > 0;
}

/** The video a share hash opens, or null (unknown or revoked hash). */
export async function getSharedVideo(db: Db, shareHash: string): Promise<Video | null> {
  const [row] = await db
    .select({ video: videos })
    .from(sharedReports)
    .innerJoin(videos, and(eq(videos.id, sharedReports.videoId), eq(videos.userId, sharedReports.userId)))
    .where(eq(sharedReports.shareHash, shareHash))
    .limit(1);
  return row?.video ?? null;
}

/** A video by job id alone, for a request that carries a valid playback token for it. */
export async function getVideoForPlayback(db: Db, jobId: string): Promise<Video | null> {
  if (!isUuid(jobId)) return null;
  const [row] = await db.select().from(videos).where(eq(videos.jobId, jobId)).limit(1);
  return row ?? null;
}
