// Errors a handler throws to answer a client: the wrapper turns them into {detail} with a status
// (storage's own errors become one in lib/storage/errors.ts `clientErrorOf`).
// `instanceof ApiError` goes by a brand (lib/core/branded.ts), so one thrown by another bundle's
// copy of this module is still recognised, not a 500.
import { BrandedError } from "@/lib/core/branded";

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
