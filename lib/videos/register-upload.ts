// Registers a stored file as a video: the object must exist and be a decodable video.
import path from "node:path";
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { getVideoByJobId, getVideoByStoragePath, insertVideo, jobIdTaken } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { ApiError, badRequest, forbidden } from "@/lib/core/errors";
import { probeVideo } from "@/lib/media/probe";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { MAX_FILE_SIZE } from "@/lib/schemas/videos";
import { getStorage } from "@/lib/storage";
import { resolveOwnedKey } from "@/lib/storage/paths";

export const FILE_TOO_LARGE = "File too large (maximum 4 GB)";

export interface RegisterUploadOptions {
  userId: string;
  filePath: string;
  fileName?: string;
  fileSize?: number;
  jobId?: string;
  modules?: ModuleName[];
  initialPrompt?: string;
}

/** The caller's key for a video file: under `users/<user_id>/`, else 403. */
export function ownedVideoKey(userId: string, input: string): string {
  const key = resolveOwnedKey(userId, input);
  if (!key.startsWith(`users/${userId}/`)) throw forbidden("Storage path does not belong to this user");
  return key;
}

export async function registerUpload(db: Db, opts: RegisterUploadOptions): Promise<{ video: Video; alreadyExists: boolean }> {
  const key = ownedVideoKey(opts.userId, opts.filePath);
  if (opts.fileSize !== undefined && opts.fileSize > MAX_FILE_SIZE) throw new ApiError(413, FILE_TOO_LARGE);
  if (opts.jobId) {
    const mine = await getVideoByJobId(db, { userId: opts.userId, jobId: opts.jobId });
    if (mine) return { video: mine, alreadyExists: true };
    if (await jobIdTaken(db, opts.jobId)) throw new ApiError(409, "job_id is already in use");
  }
  const byPath = await getVideoByStoragePath(db, { userId: opts.userId, storagePath: key });
  if (byPath) return { video: byPath, alreadyExists: true };

  const storage = getStorage();
  const stat = await storage.stat(key);
  if (!stat) throw badRequest("File not found in storage");
  if (stat.size > MAX_FILE_SIZE) throw new ApiError(413, FILE_TOO_LARGE);
  const info = await storage.withLocalFile(key, (file) => probeVideo(file));
  if (!info) throw badRequest("File is not a readable video");

  try {
    const video = await insertVideo(db, {
      userId: opts.userId,
      jobId: opts.jobId ?? crypto.randomUUID(),
      name: opts.fileName ?? path.posix.basename(key),
      storagePath: key,
      duration: info.duration,
      fileSize: stat.size,
      status: "uploaded",
      selectedInsights: opts.modules ?? [],
      initialPrompt: opts.initialPrompt ?? null,
    });
    return { video, alreadyExists: false };
  } catch (err) {
    // A concurrent registration of the same file won the unique index: answer like it did.
    const existing = await getVideoByStoragePath(db, { userId: opts.userId, storagePath: key });
    if (existing) return { video: existing, alreadyExists: true };
    throw err;
  }
}
