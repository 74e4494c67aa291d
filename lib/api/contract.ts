// An endpoint's contract: method, path and zod schemas. Route handlers parse with it, the
// OpenAPI document is generated from it, and tests check that every route has one.
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI-style path under /api, e.g. `/keys/{key_id}`. */
  path: string;
  summary: string;
  /** Longer text for the document (Markdown), when the summary is not enough. */
  description?: string;
  tag: string;
  auth: "required" | "none";
  params?: P;
  query?: Q;
  body?: B;
  /** Absent for endpoints that answer something other than JSON (streams, files, redirects). */
  response?: R;
  /** Success status (200 unless stated). */
  status?: number;
  /** What a non-JSON success answers, for the document. */
  produces?: string;
  /** POSTs that create or start something: honours `Idempotency-Key` (lib/api/idempotency.ts). */
  idempotent?: boolean;
  /** With `Accept: text/event-stream` the success is streamed (lib/api/event-stream-answer.ts). */
  streams?: boolean;
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}
