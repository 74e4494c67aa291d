// DELETE /storage/files: removes one of the caller's objects and the videos registered with it
// (their segments and shared reports go with them through the foreign keys).
import type { Db } from "@/db/client";
import { deleteVideosByStoragePath } from "@/db/queries/videos";
import { storageNotFound } from "./errors";
import { getStorage } from "./index";
import { resolveOwnedKey } from "./paths";

export async function deleteFile(db: Db, opts: { userId: string; key: string }): Promise<{ videosDeleted: number }> {
  const key = resolveOwnedKey(opts.userId, opts.key);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw storageNotFound("File");
  await storage.delete(key);
  const videosDeleted = await deleteVideosByStoragePath(db, { userId: opts.userId, storagePath: key });
  return { videosDeleted };
}
