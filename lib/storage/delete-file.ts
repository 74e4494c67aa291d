// DELETE /storage/files: removes one of the caller's objects and the videos registered with it
// (their segments and shared reports go with them through the foreign keys; their runs are
// aborted here at once, elsewhere at the next lease renewal; their derived files are removed).
import type { Db } from "@/db/client";
import { deleteVideosByStoragePath } from "@/db/queries/videos";
import { removeDerivedFiles } from "@/lib/storage/derived-files";
import { notifyRunCancelled } from "@/lib/jobs/run-cancel";
import { storageNotFound } from "./errors";
import { getStorage } from "./index";
import { resolveOwnedKey } from "./paths";

export async function deleteFile(db: Db, opts: { userId: string; key: string }): Promise<{ videosDeleted: number }> {
  const key = resolveOwnedKey(opts.userId, opts.key);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw storageNotFound("File");
  await storage.delete(key);
  const jobIds = await deleteVideosByStoragePath(db, { userId: opts.userId, storagePath: key });
  for (const jobId of jobIds) {
    notifyRunCancelled(jobId);
    await removeDerivedFiles({ userId: opts.userId, jobId }, storage);
  }
  return { videosDeleted: jobIds.length };
}
