// Storage's own errors: what went wrong with a file, a key or an upload, in words a client may
// read, by kind. The kind → status table is here (`status` and `detail` are pinned by the driver
// tests in tests/api/storage-s3); lib/api/errors.ts `clientErrorOf` is the one place that turns
// them into answers.
// `instanceof` goes by a brand, like ApiError's: the driver may come from another bundle's copy.
import { BrandedError } from "@/lib/server/branded";

export type StorageErrorKind =
  /** The request's input cannot be stored (bad key, extension, size, parts): 400. */
  | "invalid"
  /** The key is outside the caller's area: 403. */
  | "not-owned"
  /** No such file or upload: 404. */
  | "not-found"
  /** The file may not be replaced: 409. */
  | "conflict"
  /** Over the size limit: 413. */
  | "too-large"
  /** The server's disk is full: 507. */
  | "disk-full";

export class StorageError extends BrandedError {
  static override readonly brand = Symbol.for("video-analysis.StorageError");

  constructor(
    readonly kind: StorageErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "StorageError";
  }

  /** The status the API answers this with. */
  get status(): number {
    return STORAGE_STATUS[this.kind];
  }

  /** The `detail` the API answers with: the message. */
  get detail(): string {
    return this.message;
  }
}

const STORAGE_STATUS: Record<StorageErrorKind, number> = {
  invalid: 400,
  "not-owned": 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "disk-full": 507,
};

export const DISK_FULL_DETAIL = "Insufficient storage: the server's disk is full; try again later";

export const invalidStorageInput = (detail: string) => new StorageError("invalid", detail);
export const invalidStoragePath = () => invalidStorageInput("Invalid storage path");
export const notOwned = (detail: string) => new StorageError("not-owned", detail);
export const storageNotFound = (what: "File" | "Upload") => new StorageError("not-found", `${what} not found`);
export const fileTooLarge = () => new StorageError("too-large", "File too large (maximum 4 GB)");
export const diskFull = () => new StorageError("disk-full", DISK_FULL_DETAIL);
export const interrupted = () => invalidStorageInput("Upload interrupted before it completed");
