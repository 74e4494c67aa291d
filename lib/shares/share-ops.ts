// Shared reports: a random hash opens one video's report without authentication. One share per
// video (creating again returns it); revoking deletes it; deleting the video deletes it (FK).
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { listSegments } from "@/db/queries/segments";
import { deleteShareForVideo, getShareForVideo, getSharedVideo, insertShareIfAbsent } from "@/db/queries/shares";
import { notFound } from "@/lib/core/errors";
import { chaptersOf, toChapterResponse } from "@/lib/chapters/get-chapters";
import { env } from "@/lib/env";
import { MODULE_NAMES } from "@/lib/pipeline/modules/registry";
import { playbackUrls } from "@/lib/auth/playback-token";
import { groupByModule } from "@/lib/results/get-results";
import { isoTime } from "@/lib/core/iso-time";
import { toSegmentResponse } from "@/lib/schemas/results";
import { requireVideo } from "@/lib/videos/video-ops";

/** 24 random bytes: 192 bits, 32 base64url characters. */
export const HASH_BYTES = 24;
export const HASH_FORMAT = /^[A-Za-z0-9_-]{22,128}$/;

/** The page a person opens (app/share/[hash]); it reads GET /api/shared-reports/{share_hash}. */
export function shareUrl(shareHash: string): string {
  return `${env().APP_URL}/share/${shareHash}`;
}

export async function shareVideo(
  db: Db,
  params: { userId: string; jobId: string },
): Promise<{ share_hash: string; url: string; created: boolean }> {
  const video = await requireVideo(db, params);
  const { share, created } = await insertShareIfAbsent(db, {
    userId: params.userId,
    videoId: video.id,
    shareHash: crypto.randomBytes(HASH_BYTES).toString("base64url"),
  });
  return { share_hash: share.shareHash, url: shareUrl(share.shareHash), created };
}

/** Whether a video (already found for its owner) has an active share: the page asks for the link only then. */
export async function hasActiveShare(db: Db, params: { userId: string; videoId: string }): Promise<boolean> {
  return (await getShareForVideo(db, params)) !== null;
}

/** The video's active share (after a reload the page shows it instead of offering a new one). */
export async function getActiveShare(db: Db, params: { userId: string; jobId: string }): Promise<{ share_hash: string; url: string; created_at: string }> {
  const video = await requireVideo(db, params);
  const share = await getShareForVideo(db, { userId: params.userId, videoId: video.id });
  if (!share) throw notFound("Shared report");
  return { share_hash: share.shareHash, url: shareUrl(share.shareHash), created_at: isoTime(share.createdAt) };
}

export async function revokeShare(db: Db, params: { userId: string; jobId: string }): Promise<void> {
  const video = await requireVideo(db, params);
  if (!(await deleteShareForVideo(db, { userId: params.userId, videoId: video.id }))) throw notFound("Shared report");
}

/**
 * The public report: the video's name, state, segments by module, chapters (with the owner's
 * edited titles) and playback URLs, nothing else.
 */
export async function getSharedReport(db: Db, shareHash: string) {
  const video = HASH_FORMAT.test(shareHash) ? await getSharedVideo(db, shareHash) : null;
  if (!video) throw notFound("Shared report");
  const rows = await listSegments(db, { userId: video.userId, jobId: video.jobId });
  const segments = rows.map(toSegmentResponse);
  const chapters = await chaptersOf(db, { video, segments: rows });
  const present = MODULE_NAMES.filter((m) => segments.some((s) => s.module === m) || video.selectedInsights.includes(m));
  return {
    video_name: video.name,
    duration: video.duration,
    status: video.status,
    created_at: isoTime(video.createdAt),
    modules: groupByModule(segments, present),
    chapters: chapters.map(toChapterResponse),
    ...playbackUrls(video.jobId),
  };
}
