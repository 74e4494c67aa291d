// Errors a handler throws to answer a client: the wrapper turns them into {detail} with a status.
// `instanceof ApiError` goes by a brand (lib/core/branded.ts), so one thrown by another bundle's
// copy of this module is still recognised, not a 500.
import { BrandedError } from "@/lib/core/branded";
import { StorageError, type StorageErrorKind } from "@/lib/storage/errors";

export class ApiError extends BrandedError {
  static override readonly brand = Symbol.for("video-analysis.ApiError");

  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** Fields answered beside `detail` (e.g. a hint); never replaces the fixed `detail` text. */
    readonly extra: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export type ResourceName =
  | "Video"
  | "Project"
  | "API key"
  | "Chat session"
  | "Notification"
  | "Shared report"
  | "Shared clip"
  | "File"
  | "Feedback"
  | "Webhook"
  | "Upload"
  | "Segment"
  | "Revision"
  | "Chapter"
  | "Clip"
  | "Person";

export const notFound = (resource: ResourceName) => new ApiError(404, `${resource} not found`);
export const badRequest = (detail: string) => new ApiError(400, detail);
export const unauthorized = (detail: string) => new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);
export const conflict = (detail: string) => new ApiError(409, detail);

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
