// enterprise process: probe the uploaded file (duration, size) when it is new or changed, then
// queue the video exactly as POST /processing/{job_id}/start does (same state rules, same 402).
import type { Db } from "@/db/client";
import { updateVideo } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { ApiError, badRequest } from "@/lib/api/errors";
import { probeVideo } from "@/lib/media/probe";
import { MAX_FILE_SIZE } from "@/lib/schemas/videos";
import { getStorage } from "@/lib/storage";
import { parseSelectedInsights, queueProcessing } from "@/lib/videos/queue-processing";
import { FILE_TOO_LARGE } from "@/lib/videos/register-upload";
import { requireVideo } from "@/lib/videos/video-ops";

const STARTABLE = ["uploaded", "failed"];

/** Brings duration and file_size up to date with the stored object; 400 when it is not there or not a video. */
async function refreshProbe(db: Db, video: Video): Promise<void> {
  const storage = getStorage();
  const stat = await storage.stat(video.storagePath);
  if (!stat) throw badRequest("File not found in storage");
  if (stat.size > MAX_FILE_SIZE) throw new ApiError(413, FILE_TOO_LARGE);
  if (stat.size === video.fileSize && video.duration > 0) return;
  const info = await storage.withLocalFile(video.storagePath, (file) => probeVideo(file));
  if (!info) throw badRequest("File is not a readable video");
  await updateVideo(db, {
    userId: video.userId,
    jobId: video.jobId,
    set: { duration: info.duration, fileSize: stat.size },
    fromStatuses: ["uploaded", "failed"],
  });
}

export async function processEnterpriseUpload(
  db: Db,
  opts: { userId: string; jobId: string; selectedInsights?: string },
): Promise<{ job_id: string; status: "queued" }> {
  const modules = parseSelectedInsights(opts.selectedInsights);
  const video = await requireVideo(db, { userId: opts.userId, jobId: opts.jobId });
  // Other states are answered by queueProcessing (409), without touching storage.
  if (STARTABLE.includes(video.status)) await refreshProbe(db, video);
  const queued = await queueProcessing(db, { userId: opts.userId, jobId: video.jobId, kind: "start", modules });
  return { job_id: queued.jobId, status: "queued" };
}
