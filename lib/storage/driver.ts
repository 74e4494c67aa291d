// What the rest of the app needs from object storage. Two drivers: local disk under DATA_DIR
// (presigned URLs served by the app itself) and S3 (real AWS presigner). Keys are plain relative
// paths (`users/<user_id>/clip.mp4`); callers resolve client input with `resolveOwnedKey` first.

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface StorageDriver {
  kind: "local" | "s3";
  /** A URL the client PUTs the raw bytes to, with exactly this `Content-Type`. */
  presignUpload(key: string, opts: { contentType: string; expiresIn: number }): Promise<string>;
  /** A URL that GETs the object (Range supported); `filename` makes it an attachment download. */
  presignDownload(key: string, opts?: { expiresIn?: number; filename?: string }): Promise<string>;
  stat(key: string): Promise<{ size: number; lastModified: Date } | null>;
  /** Objects whose key starts with `prefix` (plain string prefix, as S3), sorted by key. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** A local path to read the object with ffmpeg/ffprobe (S3: downloaded to a temp file, removed after fn). */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  putBytes(key: string, bytes: Uint8Array | string, contentType: string): Promise<void>;
  /** The object's bytes; 404 `File not found` when it does not exist. */
  getBytes(key: string): Promise<Buffer>;
}

/** Default lifetime of download URLs, in seconds. */
export const DEFAULT_DOWNLOAD_EXPIRES_IN = 3600;
