// POST /storage/upload-url: where a client PUTs a new video. The name is sanitized, its extension
// checked, and a name already taken (stored, or promised to another upload URL that has not
// expired) gets a short random suffix so nothing is overwritten.
import crypto from "node:crypto";
import path from "node:path";
import type { Db } from "@/db/client";
import { reserveUploadKey } from "@/db/queries/upload-reservations";
import { notOwned } from "./errors";
import { getStorage, publicUrlFor } from "./index";
import { assertSupportedExtension, NOT_OWNED, resolveOwnedKey, sanitizeFilename, userPrefix, withUniqueSuffix } from "./paths";

export interface PresignUploadOptions {
  userId: string;
  /** The user's file name (sanitized into the key). */
  fileName?: string;
  /** Legacy: an explicit storage key, which must lie in the caller's `users/<userId>/` area. */
  key?: string;
  contentType: string;
  expiresIn: number;
}

export interface PresignedUpload {
  success: true;
  upload_url: string;
  file_path: string;
  public_url: string;
  user_id: string;
  sanitized_filename: string;
  original_filename: string;
  expires_at: null;
}

const SUFFIX_ATTEMPTS = 5;

export async function presignUpload(db: Db, opts: PresignUploadOptions): Promise<PresignedUpload> {
  const storage = getStorage();
  let dir: string;
  let original: string;
  if (opts.key !== undefined) {
    const resolved = resolveOwnedKey(opts.userId, opts.key);
    // Uploads go to the user's own files; `results/` is written by the service only.
    if (!resolved.startsWith(userPrefix(opts.userId))) throw notOwned(NOT_OWNED);
    dir = path.posix.dirname(resolved);
    original = opts.fileName ?? path.posix.basename(resolved);
  } else {
    dir = userPrefix(opts.userId).slice(0, -1);
    original = opts.fileName ?? "";
  }
  const base = opts.key !== undefined ? sanitizeFilename(path.posix.basename(opts.key)) : sanitizeFilename(original);
  assertSupportedExtension(base);

  const expiresAt = new Date(Date.now() + opts.expiresIn * 1000);
  const isFree = async (key: string) =>
    !(await storage.stat(key)) && (await reserveUploadKey(db, { key, userId: opts.userId, expiresAt }));
  let name = base;
  for (let i = 0; !(await isFree(`${dir}/${name}`)); i++) {
    if (i >= SUFFIX_ATTEMPTS) throw new Error(`no free name for ${base}`);
    name = withUniqueSuffix(base, crypto.randomBytes(3).toString("hex"));
  }
  const key = `${dir}/${name}`;
  return {
    success: true,
    upload_url: await storage.presignUpload(key, { contentType: opts.contentType, expiresIn: opts.expiresIn }),
    file_path: key,
    public_url: publicUrlFor(key),
    user_id: opts.userId,
    sanitized_filename: name,
    original_filename: original,
    expires_at: null,
  };
}
