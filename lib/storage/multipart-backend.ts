// What a storage driver does for multipart uploads (multipart.ts drives it): S3's own multipart
// API (multipart-s3.ts) or the local driver's offset writes into one temp file (multipart-local.ts).
import type { Db } from "@/db/client";
import type { MultipartUpload } from "@/db/queries/multipart";

export interface StoredPart {
  part_number: number;
  size: number;
  etag: string;
}

export interface MultipartBackend {
  /** Starts the upload in storage; S3 returns its UploadId. */
  create(upload: MultipartUpload): Promise<{ s3UploadId: string | null }>;
  /** A URL the client PUTs part `partNumber` to (no Content-Type needed); it answers with an ETag. */
  presignPart(upload: MultipartUpload, partNumber: number, expiresIn: number): Promise<string>;
  /** The parts stored so far, by part number. */
  listParts(db: Db, upload: MultipartUpload): Promise<StoredPart[]>;
  /** Assembles the stored parts (all checked by the caller) into the object at `upload.filePath`. */
  complete(db: Db, upload: MultipartUpload, parts: StoredPart[]): Promise<void>;
  /** Drops whatever the upload stored; an upload storage no longer knows is not an error. */
  abort(upload: MultipartUpload): Promise<void>;
}
