// POST /storage/download-url: a presigned GET for one of the caller's objects.
import path from "node:path";
import { storageNotFound } from "./errors";
import { getStorage } from "./index";
import { resolveOwnedKey } from "./paths";

export async function presignDownload(opts: { userId: string; path: string; expiresIn?: number }): Promise<{ url: string }> {
  const key = resolveOwnedKey(opts.userId, opts.path);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw storageNotFound("File");
  return { url: await storage.presignDownload(key, { expiresIn: opts.expiresIn, filename: path.posix.basename(key) }) };
}
