// Errors a handler throws to answer a client: the wrapper turns them into {detail} with a status.
export class ApiError extends Error {
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
  | "Upload";

export const notFound = (resource: ResourceName) => new ApiError(404, `${resource} not found`);
export const badRequest = (detail: string) => new ApiError(400, detail);
export const unauthorized = (detail: string) => new ApiError(401, detail);
export const forbidden = (detail: string) => new ApiError(403, detail);
export const conflict = (detail: string) => new ApiError(409, detail);
