// Brings a video's duration and file_size up to date with its stored object. A video registered
// before its upload (enterprise registerUpload) is probed here, before the allowance is checked.
import type { Db } from "@/db/client";
import { updateVideo } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { ApiError, badRequest } from "@/lib/core/errors";
import { probeVideo } from "@/lib/media/probe";
import { MAX_FILE_SIZE } from "@/lib/schemas/videos";
import { getStorage } from "@/lib/storage";
import { FILE_TOO_LARGE } from "./register-upload";

/** 400 when the object is missing or not a video; a no-op when the recorded size still matches. */
export async function refreshProbe(db: Db, video: Video): Promise<void> {
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
