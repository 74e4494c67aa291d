// A clip row as the API shows it; a completed one carries a presigned download URL and a stream
// URL with a signed token (6 h) to play it in the app; a shared one its share page (until revoked).
import path from "node:path";
import type { Clip } from "@/db/schema";
import { env } from "@/lib/env";
import { signPlaybackToken } from "@/lib/auth/playback-token";
import { isoTime } from "@/lib/core/iso-time";
import type { ClipResponse } from "@/lib/schemas/clips";
import { getStorage } from "@/lib/storage";
import { sanitizeFilename } from "@/lib/storage/paths";

/** What the stream token of a clip signs (never the same text as a video's job id). */
export const clipTokenSubject = (clipId: string) => `clip:${clipId}`;

export function clipStreamUrl(clipId: string): string {
  return `${env().APP_URL}/api/playback/clip/${clipId}?token=${encodeURIComponent(signPlaybackToken(clipTokenSubject(clipId)))}`;
}

/** A shared clip's page (app/share/clip/[hash]). */
export const clipShareUrl = (hash: string) => `${env().APP_URL}/share/clip/${hash}`;

export async function toClipResponse(c: Clip): Promise<ClipResponse> {
  const done = c.status === "completed" && c.storagePath;
  return {
    clip_id: c.id,
    title: c.title,
    status: c.status as ClipResponse["status"],
    ranges: c.ranges,
    duration: c.duration,
    ...(c.status === "failed" ? { error: c.error ?? "Cutting the clip failed" } : {}),
    ...(done
      ? {
          download_url: await getStorage().presignDownload(c.storagePath!, { filename: sanitizeFilename(`${c.title}.mp4`) }),
          stream_url: clipStreamUrl(c.id),
          ...(c.fileSize != null ? { file_size: c.fileSize } : {}),
        }
      : {}),
    ...(c.shareHash ? { share_url: clipShareUrl(c.shareHash) } : {}),
    created_at: isoTime(c.createdAt),
  };
}

export const clipKey = (userId: string, clipId: string) => path.posix.join("results", userId, "clips", `${clipId}.mp4`);
