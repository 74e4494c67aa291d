// What every MCP tool runs with: the database, the caller (resolved from the request's
// Authorization exactly as the API does) and the app's public base URL for links to moments.
import type { Db } from "@/db/client";
import type { UserContext } from "@/lib/auth/user-context";

export interface McpContext {
  db: Db;
  user: UserContext;
  /** e.g. `http://localhost:3000`: links are `<baseUrl>/videos/{job_id}?t=<start>`. */
  baseUrl: string;
  signal?: AbortSignal;
}

/** The app's page of a video opened at a moment (whole tenths of a second, as chat citations). */
export function momentLink(ctx: McpContext, jobId: string, seconds: number): string {
  return `${ctx.baseUrl}/videos/${jobId}?t=${Math.max(0, Math.round(seconds * 10) / 10)}`;
}
