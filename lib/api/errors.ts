// Errors a handler throws to answer a client: the wrapper turns them into {detail} with a status.
// `instanceof ApiError` goes by a brand (lib/server/branded.ts), so one thrown by another bundle's
// copy of this module is still recognised, not a 500.
import { BrandedError } from "@/lib/server/branded";
import { StorageError } from "@/lib/storage/errors";

export class ApiError extends BrandedError {
  static override readonly brand = Symbol.for("video-analysis.ApiError");

  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
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
  | "File"
  | "Feedback"
  | "Webhook"
  | "Upload";

export const notFound = (resource: ResourceName) => new ApiError(404, `${resource} not found`);
export const badRequest = (detail: string) => new ApiError(400, detail);
export const unauthorized = (detail: string) => new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);
export const conflict = (detail: string) => new ApiError(409, detail);

/** What a thrown error answers a client with, when it is one meant for them (else null: a 500). */
export function clientErrorOf(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err instanceof StorageError) return new ApiError(err.status, err.detail);
  return null;
}
