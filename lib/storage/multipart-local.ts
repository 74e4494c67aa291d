// Multipart uploads on the local driver. All parts of an upload are written straight into one temp
// file (`<storage>/.tmp/mp-<upload_id>.data`) at their own offsets (part n starts at
// (n − 1) × part_size), streamed with positional writes, never held in memory; a part counts as
// stored once all its bytes are on disk (a `multipart_parts` row with its size and ETag). Complete
// renames the temp file into place, so assembling costs no copy at all.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import type { Db } from "@/db/client";
import { deletePart, listParts, upsertPart, type MultipartUpload } from "@/db/queries/multipart";
import { interrupted, invalidStorageInput, storageNotFound, StorageError } from "./errors";
import type { LocalStorageDriver } from "./local-driver";
import { bodyToFile, WRITE_HIGH_WATER_MARK } from "./body-to-file";
import { buildPartUrl } from "./multipart-signing";
import type { MultipartBackend, StoredPart } from "./multipart-backend";
import { expectedPartSize } from "@/lib/core/multipart-layout";

const openForWrite = promisify((file: string, cb: (err: NodeJS.ErrnoException | null, fd: number) => void) =>
  fs.open(file, fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o644, cb),
);

export class LocalMultipart implements MultipartBackend {
  constructor(private readonly driver: LocalStorageDriver) {}

  dataFile(uploadId: string): string {
    return path.join(this.driver.tmpDir, `mp-${uploadId}.data`);
  }

  async create(): Promise<{ s3UploadId: null }> {
    await fsp.mkdir(this.driver.tmpDir, { recursive: true });
    return { s3UploadId: null };
  }

  async presignPart(upload: MultipartUpload, partNumber: number, expiresIn: number): Promise<string> {
    return buildPartUrl(upload.id, partNumber, expiresIn);
  }

  async listParts(db: Db, upload: MultipartUpload): Promise<StoredPart[]> {
    return (await listParts(db, upload.id)).map((p) => ({ part_number: p.partNumber, size: p.size, etag: p.etag }));
  }

  async complete(_db: Db, upload: MultipartUpload): Promise<void> {
    const file = this.dataFile(upload.id);
    const st = await fsp.stat(file).catch(() => null);
    if (!st || st.size !== upload.fileSize) throw invalidStorageInput("The stored parts do not add up to file_size; upload the missing parts again");
    const dest = this.driver.filePath(upload.filePath);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    await fsp.rename(file, dest);
  }

  async abort(upload: MultipartUpload): Promise<void> {
    await fsp.rm(this.dataFile(upload.id), { force: true });
  }

  /**
   * Streams one part's body to its offset of the upload's temp file. The body must be exactly the
   * part's size: more is 413 (cut off as soon as it is passed), less is 400 and the part stays
   * missing. Returns the stored part; its ETag is new for every stored version.
   */
  async writePart(
    db: Db,
    upload: MultipartUpload,
    partNumber: number,
    body: () => Readable | null,
    opts: { declared?: number; stored: boolean },
  ): Promise<StoredPart> {
    const { declared } = opts;
    const expected = expectedPartSize(upload, partNumber);
    const tooLarge = () => new StorageError("too-large", `Part too large: part ${partNumber} must be exactly ${expected} bytes`);
    if (declared !== undefined && declared > expected) throw tooLarge();
    if (declared !== undefined && declared < expected) {
      throw invalidStorageInput(`Part ${partNumber} must be exactly ${expected} bytes (got ${declared})`);
    }
    // While it is being (re)written the part is not stored: a listing never offers half a part.
    if (opts.stored) await deletePart(db, { uploadId: upload.id, partNumber });
    // A plain fd handed to fs.WriteStream, which owns it from then on (closes it when done or
    // destroyed) and writes with the callback API, positional from the part's offset.
    const fd = await openForWrite(this.dataFile(upload.id));
    // The body is opened only now, and piped at once: an error it meets is never unheard.
    const source = body();
    let total = 0;
    if (source) total = await bodyToFile(source, fs.createWriteStream("", { fd, start: (partNumber - 1) * upload.partSize, highWaterMark: WRITE_HIGH_WATER_MARK }), expected, tooLarge);
    else fs.close(fd, () => {});
    if (total !== expected) {
      throw declared === undefined ? invalidStorageInput(`Part ${partNumber} must be exactly ${expected} bytes (got ${total})`) : interrupted();
    }
    const etag = `"${crypto.randomBytes(16).toString("hex")}"`;
    try {
      await upsertPart(db, { uploadId: upload.id, partNumber, size: total, etag });
    } catch {
      // The upload was completed or aborted meanwhile (its row is gone): drop what this part recreated.
      if (!(await fsp.stat(this.driver.filePath(upload.filePath)).catch(() => null))) await this.abort(upload);
      throw storageNotFound("Upload");
    }
    return { part_number: partNumber, size: total, etag };
  }
}
