// A video's derived files (thumbnail, HLS renditions, storyboard: everything under
// results/<user_id>/<job_id>/) live as long as the video and no longer. A deletion is a privacy
// promise, so they go at four moments:
// - when the video is deleted (DELETE /videos/{job_id}, or its file through DELETE /storage/files);
// - when a writer of a run finishes after that (a step still winding down after the delete, in
//   this or another process): every writer looks again once its files are stored and removes them;
// - when a run's abandoned steps have wound down (the embedded runner);
// - periodically, for results of no video at all (a process killed between a write and its check).
// A completed run also removes what an earlier run of the video left that this one did not write.
import type { Db } from "@/db/client";
import { existingJobIds, getVideoByJobId } from "@/db/queries/videos";
import { isUuid } from "@/lib/core/uuid";
import { getStorage } from "@/lib/storage";
import type { StorageDriver } from "@/lib/storage/driver";

/** Where a video's derived files live. */
export const resultsPrefix = (userId: string, jobId: string) => `results/${userId}/${jobId}/`;

interface VideoFiles {
  userId: string;
  jobId: string;
}

/** Removes every derived file of a video. */
export async function removeDerivedFiles(params: VideoFiles, storage: StorageDriver = getStorage()): Promise<void> {
  await storage.deletePrefix(resultsPrefix(params.userId, params.jobId));
}

/**
 * For a writer that just stored files of a video (`videoId`, its internal id): when that video is
 * gone (deleted meanwhile, or its job id taken by a new one), removes its derived files. True then.
 */
export async function removeDerivedFilesIfVideoGone(db: Db, params: VideoFiles & { videoId: string }): Promise<boolean> {
  const video = await getVideoByJobId(db, params);
  if (video?.id === params.videoId) return false;
  // Another video under the same job id (deleted and registered again) has files of its own.
  if (video) return false;
  await removeDerivedFiles(params);
  return true;
}

/**
 * After a completed run: removes the video's derived files that this run did not write (an earlier
 * run's storyboard that this one could not make, files of an older layout), so a reprocess replaces
 * artefacts instead of adding to them. `keepKeys` are exact keys, `keepPrefixes` whole folders.
 */
export async function removeStaleDerivedFiles(params: VideoFiles & { keepKeys: string[]; keepPrefixes: string[] }): Promise<number> {
  const storage = getStorage();
  const keep = new Set(params.keepKeys);
  let removed = 0;
  for (const o of await storage.list(resultsPrefix(params.userId, params.jobId))) {
    if (keep.has(o.key) || params.keepPrefixes.some((p) => o.key.startsWith(p))) continue;
    await storage.delete(o.key);
    removed++;
  }
  return removed;
}

/**
 * Derived files of videos that no longer exist (their process died between a write and its check,
 * or before a delete could sweep): removed. Returns how many videos' files went.
 */
export async function sweepOrphanedDerivedFiles(db: Db, storage: StorageDriver): Promise<number> {
  const byJob = new Map<string, string>();
  for (const o of await storage.list("results/")) {
    const parts = o.key.split("/");
    // results/<user_id>/<job_id>/<file…>: anything else is not a video's and stays.
    if (parts.length > 3 && isUuid(parts[1]!) && isUuid(parts[2]!)) byJob.set(parts[2]!, parts[1]!);
  }
  const jobIds = [...byJob.keys()];
  const existing = new Set<string>();
  for (let i = 0; i < jobIds.length; i += 500) {
    for (const id of await existingJobIds(db, jobIds.slice(i, i + 500))) existing.add(id);
  }
  let removed = 0;
  for (const [jobId, userId] of byJob) {
    if (existing.has(jobId)) continue;
    await removeDerivedFiles({ userId, jobId }, storage);
    removed++;
  }
  return removed;
}
