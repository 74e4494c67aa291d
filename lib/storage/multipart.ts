// Resumable multipart uploads (POST/GET/DELETE /storage/multipart…): create → part URLs → PUT the
// parts (any order, in parallel, again after a failure) → list what is stored → complete (or abort).
// Same ownership rules as upload-url: the file lands at `users/<user_id>/<sanitized name>` (a taken
// name gets a suffix), and an upload of another user is 404 `Upload not found`. Uploads live 24 h.
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import {
  deleteMultipartUpload,
  filePathClaimed,
  getMultipartUpload,
  insertMultipartUpload,
  listExpiredMultipartUploads,
  setS3UploadId,
  type MultipartUpload,
} from "@/db/queries/multipart";
import { fileTooLarge, invalidStorageInput, StorageError, storageNotFound } from "./errors";
import { isoTime } from "@/lib/core/iso-time";
import { getStorage } from "./index";
import type { LocalStorageDriver } from "./local-driver";
import type { MultipartBackend, StoredPart } from "./multipart-backend";
import { choosePartSize, expectedPartSize, MULTIPART_TTL_MS, partCountFor } from "@/lib/core/multipart-layout";
import { LocalMultipart } from "./multipart-local";
import { S3Multipart } from "./multipart-s3";
import { assertSupportedExtension, MAX_UPLOAD_BYTES, sanitizeFilename, userPrefix, withUniqueSuffix } from "./paths";
import type { S3StorageDriver } from "./s3-driver";
import { logger } from "@/lib/log/logger";

const log = logger("multipart");

/** Part URLs live an hour (or until the upload expires, if sooner). */
const PART_URL_EXPIRES_IN = 3600;
const SUFFIX_ATTEMPTS = 5;

export function multipartBackend(): MultipartBackend {
  const storage = getStorage();
  // By kind, not instanceof: under Next, instrumentation and the routes are separate bundles.
  return storage.kind === "local" ? new LocalMultipart(storage as LocalStorageDriver) : new S3Multipart(storage as S3StorageDriver);
}

async function requireUpload(db: Db, userId: string, uploadId: string): Promise<MultipartUpload> {
  const upload = await getMultipartUpload(db, { userId, uploadId });
  if (!upload) throw storageNotFound("Upload");
  return upload;
}

function describe(upload: MultipartUpload) {
  return {
    upload_id: upload.id,
    file_path: upload.filePath,
    part_size: upload.partSize,
    part_count: upload.partCount,
    expires_at: isoTime(upload.expiresAt),
  };
}

export async function createMultipartUpload(
  db: Db,
  opts: { userId: string; fileName: string; contentType: string; fileSize: number },
) {
  if (opts.fileSize > MAX_UPLOAD_BYTES) throw fileTooLarge();
  const base = sanitizeFilename(opts.fileName);
  assertSupportedExtension(base);
  void sweepExpiredMultipartUploads(db).catch((err) => log.warn({ err }, "sweep failed"));
  const storage = getStorage();
  const backend = multipartBackend();
  const partSize = choosePartSize(opts.fileSize);
  const dir = userPrefix(opts.userId);
  let name = base;
  for (let i = 0; ; i++) {
    const filePath = `${dir}${name}`;
    const taken = (await storage.stat(filePath)) || (await filePathClaimed(db, filePath));
    const row = taken
      ? null
      : await insertMultipartUpload(db, {
          id: crypto.randomUUID(),
          userId: opts.userId,
          filePath,
          fileName: opts.fileName,
          contentType: opts.contentType,
          fileSize: opts.fileSize,
          partSize,
          partCount: partCountFor(opts.fileSize, partSize),
          driver: storage.kind,
          expiresAt: new Date(Date.now() + MULTIPART_TTL_MS),
        });
    if (row) {
      try {
        const { s3UploadId } = await backend.create(row);
        if (s3UploadId) await setS3UploadId(db, { id: row.id, s3UploadId });
      } catch (err) {
        await deleteMultipartUpload(db, row.id);
        throw err;
      }
      return describe(row);
    }
    if (i >= SUFFIX_ATTEMPTS) throw new Error(`no free name for ${dir}${base}`);
    name = withUniqueSuffix(base, crypto.randomBytes(3).toString("hex"));
  }
}

export async function presignMultipartParts(db: Db, opts: { userId: string; uploadId: string; partNumbers: number[] }) {
  const upload = await requireUpload(db, opts.userId, opts.uploadId);
  const bad = opts.partNumbers.find((n) => n > upload.partCount);
  if (bad !== undefined) throw invalidStorageInput(`part_numbers: ${bad} is out of range (this upload has parts 1 to ${upload.partCount})`);
  const backend = multipartBackend();
  const left = Math.floor((upload.expiresAt.getTime() - Date.now()) / 1000);
  const expiresIn = Math.max(1, Math.min(PART_URL_EXPIRES_IN, left));
  const numbers = [...new Set(opts.partNumbers)].sort((a, b) => a - b);
  const parts = [];
  for (const n of numbers) parts.push({ part_number: n, url: await backend.presignPart(upload, n, expiresIn) });
  return { parts };
}

export async function getMultipartStatus(db: Db, opts: { userId: string; uploadId: string }) {
  const upload = await requireUpload(db, opts.userId, opts.uploadId);
  const parts = await multipartBackend().listParts(db, upload);
  return { ...describe(upload), file_size: upload.fileSize, parts };
}

const unquote = (etag: string) => etag.replace(/"/g, "");

/** Checks that every part is stored with its exact size (and the ETags the client names). */
function checkParts(upload: MultipartUpload, stored: StoredPart[], given?: { part_number: number; etag: string }[]): StoredPart[] {
  const byNumber = new Map(stored.map((p) => [p.part_number, p]));
  const missing: number[] = [];
  for (let n = 1; n <= upload.partCount; n++) if (!byNumber.has(n)) missing.push(n);
  if (missing.length) {
    const list = missing.length > 10 ? `${missing.slice(0, 10).join(", ")} … (${missing.length} in all)` : missing.join(", ");
    throw invalidStorageInput(`Parts not uploaded yet: ${list}`);
  }
  for (let n = 1; n <= upload.partCount; n++) {
    const p = byNumber.get(n)!;
    const expected = expectedPartSize(upload, n);
    if (p.size !== expected) throw invalidStorageInput(`Part ${n} has ${p.size} bytes (expected ${expected}); upload it again`);
  }
  if (given) {
    const seen = new Set<number>();
    for (const g of given) {
      const p = byNumber.get(g.part_number);
      if (!p) throw invalidStorageInput(`parts: part ${g.part_number} is out of range (this upload has parts 1 to ${upload.partCount})`);
      if (seen.has(g.part_number)) throw invalidStorageInput(`parts: part ${g.part_number} is listed twice`);
      seen.add(g.part_number);
      if (unquote(g.etag) !== unquote(p.etag)) throw invalidStorageInput(`parts: the etag of part ${g.part_number} is not the stored part's`);
    }
    if (seen.size !== upload.partCount) throw invalidStorageInput(`parts: must list all ${upload.partCount} parts (or be left out)`);
  }
  return [...byNumber.values()].filter((p) => p.part_number <= upload.partCount).sort((a, b) => a.part_number - b.part_number);
}

export async function completeMultipartUpload(
  db: Db,
  opts: { userId: string; uploadId: string; parts?: { part_number: number; etag: string }[] },
) {
  const upload = await requireUpload(db, opts.userId, opts.uploadId);
  const backend = multipartBackend();
  const parts = checkParts(upload, await backend.listParts(db, upload), opts.parts);
  if (await getStorage().stat(upload.filePath)) throw new StorageError("conflict", `A file already exists at ${upload.filePath}`);
  await backend.complete(db, upload, parts);
  await deleteMultipartUpload(db, upload.id);
  return { file_path: upload.filePath, file_size: upload.fileSize };
}

export async function abortMultipartUpload(db: Db, opts: { userId: string; uploadId: string }) {
  const upload = await requireUpload(db, opts.userId, opts.uploadId);
  await multipartBackend().abort(upload);
  await deleteMultipartUpload(db, upload.id);
  return { ok: true as const };
}

let lastSweep = 0;
/** At most this often from request paths; the embedded server also sweeps hourly. */
const SWEEP_EVERY_MS = 60_000;

/** Aborts uploads whose 24 h are over and removes their rows. Returns how many went. */
export async function sweepExpiredMultipartUploads(
  db: Db,
  opts: { now?: Date; force?: boolean; backend?: MultipartBackend } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  if (!opts.force && Date.now() - lastSweep < SWEEP_EVERY_MS) return 0;
  lastSweep = Date.now();
  const backend = opts.backend ?? multipartBackend();
  let removed = 0;
  for (const upload of await listExpiredMultipartUploads(db, now)) {
    await backend.abort(upload);
    if (await deleteMultipartUpload(db, upload.id)) removed++;
  }
  return removed;
}
