// Local disk storage under DATA_DIR/storage. Objects appear atomically: every write goes to a temp
// file under `.tmp/` in the same directory tree, then is renamed into place. Presigned URLs point
// at the app's own /api/storage/object route (see signing.ts, object-requests.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { identityToken, isProcessAlive, parseIdentityToken } from "@/lib/core/process-identity";
import { bodyToFile, WRITE_HIGH_WATER_MARK } from "./body-to-file";
import { diskFull, fileTooLarge, interrupted, invalidStoragePath, storageNotFound } from "./errors";
import { DEFAULT_DOWNLOAD_EXPIRES_IN, type StorageDriver, type StoredObject } from "./driver";
import { isSafeKey, MAX_UPLOAD_BYTES } from "./paths";
import { buildSignedUrl } from "./signing";

const TMP_DIR = ".tmp";
/** Temp files older than this are left over from a crash and are swept at start. */
const STALE_TEMP_MS = 24 * 3600 * 1000;
/** Temp files are named `<pid>-<start>-<uuid>.part`: the process that writes them. */
const TEMP_NAME = /^(\d+-\d+)-[0-9a-f-]{36}\.part$/;

function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export class LocalStorageDriver implements StorageDriver {
  readonly kind = "local" as const;
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, TMP_DIR);
    void this.sweepStaleTemps();
  }

  /** The file of a key; refuses anything that could leave the storage root. */
  filePath(key: string): string {
    if (!isSafeKey(key) || key.split("/")[0] === TMP_DIR) throw invalidStoragePath();
    const full = path.resolve(this.root, ...key.split("/"));
    if (!full.startsWith(this.root + path.sep)) throw invalidStoragePath();
    return full;
  }

  private async tempFile(): Promise<string> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, `${identityToken()}-${crypto.randomUUID()}.part`);
  }

  private async commit(tmp: string, key: string): Promise<void> {
    const dest = this.filePath(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    await fsp.rename(tmp, dest);
  }

  /** Removes partial uploads whose writer died (killed mid-upload), and any very old temp file. */
  private async sweepStaleTemps(): Promise<void> {
    try {
      const now = Date.now();
      for (const name of await fsp.readdir(this.tmpDir)) {
        const p = path.join(this.tmpDir, name);
        const writer = parseIdentityToken(TEMP_NAME.exec(name)?.[1] ?? "");
        if (writer && !isProcessAlive(writer)) {
          await fsp.rm(p, { force: true });
          continue;
        }
        const st = await fsp.stat(p).catch(() => null);
        if (st && now - st.mtimeMs > STALE_TEMP_MS) await fsp.rm(p, { force: true });
      }
    } catch {
      /* no temp dir yet */
    }
  }

  async presignUpload(key: string, opts: { contentType: string; expiresIn: number }): Promise<string> {
    this.filePath(key);
    return buildSignedUrl({ method: "PUT", key, contentType: opts.contentType, expiresIn: opts.expiresIn });
  }

  async presignDownload(key: string, opts: { expiresIn?: number; filename?: string } = {}): Promise<string> {
    this.filePath(key);
    return buildSignedUrl({
      method: "GET",
      key,
      expiresIn: opts.expiresIn ?? DEFAULT_DOWNLOAD_EXPIRES_IN,
      filename: opts.filename,
    });
  }

  async stat(key: string): Promise<{ size: number; lastModified: Date } | null> {
    try {
      const st = await fsp.stat(this.filePath(key));
      return st.isFile() ? { size: st.size, lastModified: st.mtime } : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    // Walk from the deepest directory the prefix names, then filter by the whole prefix.
    const dirKey = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    if (dirKey && !isSafeKey(dirKey)) return [];
    if (dirKey.split("/")[0] === TMP_DIR) return [];
    const out: StoredObject[] = [];
    const walk = async (dir: string, keyBase: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      for (const e of entries) {
        const key = keyBase ? `${keyBase}/${e.name}` : e.name;
        if (!keyBase && e.name === TMP_DIR) continue;
        if (e.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(path.join(dir, e.name), key);
        } else if (e.isFile() && key.startsWith(prefix)) {
          const st = await fsp.stat(path.join(dir, e.name)).catch(() => null);
          if (st) out.push({ key, size: st.size, lastModified: st.mtime });
        }
      }
    };
    await walk(dirKey ? path.join(this.root, ...dirKey.split("/")) : this.root, dirKey);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<void> {
    const file = this.filePath(key);
    await fsp.rm(file, { force: true });
    await this.pruneEmptyDirs(path.dirname(file));
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const o of await this.list(prefix)) await this.delete(o.key);
  }

  /** Removes now-empty parent directories up to (not including) the root. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    while (dir.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    if (!(await this.stat(key))) throw storageNotFound("File");
    return fn(this.filePath(key));
  }

  async putFile(key: string, localPath: string, _contentType: string): Promise<void> {
    this.filePath(key);
    const tmp = await this.tempFile();
    try {
      await fsp.copyFile(localPath, tmp);
      await this.commit(tmp, key);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async putBytes(key: string, bytes: Uint8Array | string, _contentType: string): Promise<void> {
    this.filePath(key);
    const tmp = await this.tempFile();
    try {
      await fsp.writeFile(tmp, bytes);
      await this.commit(tmp, key);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async getBytes(key: string): Promise<Buffer> {
    try {
      return await fsp.readFile(this.filePath(key));
    } catch (err) {
      if (isNotFound(err) || (err as NodeJS.ErrnoException)?.code === "EISDIR") throw storageNotFound("File");
      throw err;
    }
  }

  /** 507 at once when the disk cannot hold `bytes` more (rather than failing half-way). */
  private async assertRoomFor(bytes: number): Promise<void> {
    const st = await fsp.statfs(this.root).catch(() => fsp.statfs(path.dirname(this.root))).catch(() => null);
    if (st && st.bavail * st.bsize < bytes) throw diskFull();
  }

  /**
   * Streams a request body into the object at `key`: to a temp file first (never the whole body
   * in memory), cut off with 413 once more than `maxBytes` arrive, renamed into place at the end
   * (only when `expectedBytes`, if given, arrived). `body` is opened only when the file is ready.
   * Any failure (too large, client gone, disk error) removes the temp file.
   */
  async writeStream(
    key: string,
    body: () => Readable | null,
    opts: { maxBytes?: number; expectedBytes?: number; beforeCommit?: () => Promise<void> } = {},
  ): Promise<number> {
    this.filePath(key);
    if (opts.expectedBytes !== undefined) await this.assertRoomFor(opts.expectedBytes);
    const tmp = await this.tempFile();
    try {
      const source = body();
      let total = 0;
      if (!source) await fsp.writeFile(tmp, "", { flag: "wx", mode: 0o644 });
      else total = await bodyToFile(source, fs.createWriteStream(tmp, { flags: "wx", mode: 0o644, highWaterMark: WRITE_HIGH_WATER_MARK }), opts.maxBytes ?? MAX_UPLOAD_BYTES, fileTooLarge);
      // A body that ends short of its declared length was cut off: never store a truncated file.
      if (opts.expectedBytes !== undefined && total !== opts.expectedBytes) throw interrupted();
      await opts.beforeCommit?.();
      await this.commit(tmp, key);
      return total;
    } catch (err) {
      await fsp.rm(tmp, { force: true }).catch(() => {});
      throw err;
    }
  }
}
