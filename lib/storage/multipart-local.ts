// Multipart uploads on the local driver. All parts of an upload are written straight into one temp
// file (`<storage>/.tmp/mp-<upload_id>.data`) at their own offsets (part n starts at
// (n − 1) × part_size), streamed in ~1 MiB positional writes, never held in memory; a part counts as
// stored once all its bytes are on disk (a `multipart_parts` row with its size and ETag). Complete
// renames the temp file into place, so assembling costs no copy at all.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/db/client";
import { deletePart, listParts, upsertPart, type MultipartUpload } from "@/db/queries/multipart";
import { ApiError, notFound } from "@/lib/api/errors";
import type { LocalStorageDriver } from "./local-driver";
import { buildPartUrl } from "./multipart-signing";
import type { MultipartBackend, StoredPart } from "./multipart-backend";
import { expectedPartSize } from "./multipart-layout";

const WRITE_BATCH_BYTES = 1024 * 1024;

export const interrupted = () => new ApiError(400, "Upload interrupted before it completed");

async function writeAt(fh: fsp.FileHandle, chunks: Uint8Array[], position: number, total: number): Promise<void> {
  let { bytesWritten } = await fh.writev(chunks, position);
  if (bytesWritten === total) return;
  let rest = Buffer.concat(chunks).subarray(bytesWritten);
  while (rest.length) {
    const { bytesWritten: n } = await fh.write(rest, 0, rest.length, position + bytesWritten);
    bytesWritten += n;
    rest = rest.subarray(n);
  }
}

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
    if (!st || st.size !== upload.fileSize) throw new ApiError(400, "The stored parts do not add up to file_size; upload the missing parts again");
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
  async writePart(db: Db, upload: MultipartUpload, partNumber: number, body: ReadableStream<Uint8Array> | null, declared?: number): Promise<StoredPart> {
    const expected = expectedPartSize(upload, partNumber);
    const tooLarge = () => new ApiError(413, `Part too large: part ${partNumber} must be exactly ${expected} bytes`);
    if (declared !== undefined && declared > expected) throw tooLarge();
    if (declared !== undefined && declared < expected) {
      throw new ApiError(400, `Part ${partNumber} must be exactly ${expected} bytes (got ${declared})`);
    }
    // While it is being (re)written the part is not stored: a listing never offers half a part.
    await deletePart(db, { uploadId: upload.id, partNumber });
    const base = (partNumber - 1) * upload.partSize;
    const fh = await fsp.open(this.dataFile(upload.id), fs.constants.O_WRONLY | fs.constants.O_CREAT, 0o644);
    const reader = body?.getReader();
    let inflight: Promise<void> | null = null;
    let total = 0;
    try {
      let batch: Uint8Array[] = [];
      let batchBytes = 0;
      let written = 0;
      const flush = async () => {
        if (inflight) await inflight;
        inflight = writeAt(fh, batch, base + written, batchBytes);
        inflight.catch(() => {});
        written += batchBytes;
        batch = [];
        batchBytes = 0;
      };
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          if (!reader) break;
          chunk = await reader.read();
        } catch {
          throw interrupted();
        }
        if (chunk.done) break;
        total += chunk.value.byteLength;
        if (total > expected) {
          await reader.cancel().catch(() => {});
          throw tooLarge();
        }
        if (!chunk.value.byteLength) continue;
        batch.push(chunk.value);
        batchBytes += chunk.value.byteLength;
        if (batchBytes >= WRITE_BATCH_BYTES) await flush();
      }
      if (total !== expected) {
        throw declared === undefined
          ? new ApiError(400, `Part ${partNumber} must be exactly ${expected} bytes (got ${total})`)
          : interrupted();
      }
      if (batchBytes) await flush();
      if (inflight) await inflight;
    } finally {
      if (inflight) await (inflight as Promise<void>).catch(() => {});
      await fh.close().catch(() => {});
      reader?.releaseLock?.();
    }
    const etag = `"${crypto.randomBytes(16).toString("hex")}"`;
    try {
      await upsertPart(db, { uploadId: upload.id, partNumber, size: total, etag });
    } catch {
      // The upload was completed or aborted meanwhile (its row is gone): drop what this part recreated.
      if (!(await fsp.stat(this.driver.filePath(upload.filePath)).catch(() => null))) await this.abort(upload);
      throw notFound("Upload");
    }
    return { part_number: partNumber, size: total, etag };
  }
}
