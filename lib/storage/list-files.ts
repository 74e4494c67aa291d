// GET /storage/files: the caller's stored objects under `users/<user_id>/` (optionally a prefix in it).
import { getStorage, publicUrlFor } from "./index";
import { resolveListPrefix, userPrefix } from "./paths";

export interface StoredFileInfo {
  /** The path inside the user's area, e.g. `clip.mp4` or `2026/clip.mp4`. */
  name: string;
  size: number;
  /** ISO 8601 UTC ending in `Z`. */
  lastModified: string;
  publicUrl: string;
  filePath: string;
}

export async function listFiles(opts: { userId: string; prefix?: string }): Promise<StoredFileInfo[]> {
  const own = userPrefix(opts.userId);
  const objects = await getStorage().list(resolveListPrefix(opts.userId, opts.prefix));
  return objects
    .filter((o) => o.key.startsWith(own))
    .map((o) => ({
      name: o.key.slice(own.length),
      size: o.size,
      lastModified: o.lastModified.toISOString(),
      publicUrl: publicUrlFor(o.key),
      filePath: o.key,
    }));
}
