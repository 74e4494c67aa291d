// Storage's own errors: what went wrong with a file, a key or an upload, by kind, in words a
// client may read. They carry no HTTP status: `clientErrorOf` below is the one place
// that turns a kind into one (the presigned-URL routes answer through lib/api's `rawRoute`).
// `instanceof` goes by a brand, like ApiError's: the driver may come from another bundle's copy.
import { BrandedError } from "@/lib/core/branded";
import { ApiError } from "@/lib/core/errors";

export type StorageErrorKind =
  /** The request's input cannot be stored (bad key, extension, size, parts). */
  | "invalid"
  /** The key is outside the caller's area. */
  | "not-owned"
  /** A presigned URL's signature is expired, or does not match the request. */
  | "bad-signature"
  /** No such file or upload, or nothing is served here with this driver. */
  | "not-found"
  /** The file may not be replaced. */
  | "conflict"
  /** Over the size limit. */
  | "too-large"
  /** The server's disk is full. */
  | "disk-full";

export class StorageError extends BrandedError {
  static override readonly brand = Symbol.for("video-analysis.StorageError");

  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    /** Fields answered beside `detail` (a hint); `detail` itself stays the fixed text. */
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = "StorageError";
  }
}

export const DISK_FULL_DETAIL = "Insufficient storage: the server's disk is full; try again later";

export const invalidStorageInput = (detail: string) => new StorageError("invalid", detail);
export const invalidStoragePath = () => invalidStorageInput("Invalid storage path");
export const notOwned = (detail: string) => new StorageError("not-owned", detail);
export const badSignature = (what: "Upload" | "Download") => new StorageError("bad-signature", `${what} URL expired or invalid`);
/**
 * An object PUT's signature covers its Content-Type, the one thing a caller most often gets wrong.
 * The `detail` stays the contract's text; the hint goes beside it, and only when the URL is intact
 * and the PUT's Content-Type is what differs from the signed one (`expectedContentType`).
 */
export const CONTENT_TYPE_HINT = "The PUT must send the Content-Type the URL was made for (content_type of the upload URL request; video/mp4 unless given)";
export const badUploadSignature = (expectedContentType?: string | null) =>
  new StorageError(
    "bad-signature",
    "Upload URL expired or invalid",
    expectedContentType ? { hint: CONTENT_TYPE_HINT, expected_content_type: expectedContentType } : {},
  );
export const storageNotFound = (what: "File" | "Upload") => new StorageError("not-found", `${what} not found`);
/** The local driver's presigned-URL routes with another driver configured: nothing is there. */
export const notServedHere = () => new StorageError("not-found", "Not found");
export const replacingRegistered = () =>
  new StorageError("conflict", "This file belongs to a registered video and cannot be replaced; request a new upload URL");
export const fileTooLarge = () => new StorageError("too-large", "File too large (maximum 4 GB)");
export const diskFull = () => new StorageError("disk-full", DISK_FULL_DETAIL);
export const interrupted = () => invalidStorageInput("Upload interrupted before it completed");

/** The status each kind of storage error is answered with; its message is the `detail`. */
const STORAGE_STATUS: Record<StorageErrorKind, number> = {
  invalid: 400,
  "not-owned": 403,
  "bad-signature": 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "disk-full": 507,
};

/** What a thrown error answers a client with, when it is one meant for them (else null: a 500). */
export function clientErrorOf(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err instanceof StorageError) return new ApiError(STORAGE_STATUS[err.kind], err.message, {}, err.extra);
  return null;
}
