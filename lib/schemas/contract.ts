// An endpoint's contract: method, path and zod schemas. Route handlers parse with it, the
// OpenAPI document is generated from it, and tests check that every route has one.
import { z } from "zod";
import type { ResourceName } from "@/lib/core/errors";

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
  /** Path parameters; those that are resource ids are declared with `pathId`. */
  params?: P;
  query?: Q;
  body?: B;
  /** The JSON success body; absent for endpoints that answer only something else (files, redirects). */
  response?: R;
  /** Success status (200 unless stated). */
  status?: number;
  /** Media types of a success other than JSON (beside `response` when it answers JSON too), for the document. */
  produces?: string | readonly string[];
  /** The success is a redirect (`status` 302 unless stated) to what the description names, without a body. */
  redirect?: boolean;
  /** POSTs that create or start something: honours `Idempotency-Key` (lib/api/idempotency.ts). */
  idempotent?: boolean;
  /** With `Accept: text/event-stream` the success is streamed (lib/api/event-stream-answer.ts). */
  streams?: boolean;
  /**
   * Answers beside the success and the usual errors, for the document: status → description and
   * body (`response` for JSON, `produces` for other media types, `noBody`; else the `{detail}` error).
   */
  otherResponses?: Record<string, OtherResponse>;
}

export interface OtherResponse {
  description: string;
  response?: z.ZodType;
  produces?: string | readonly string[];
  noBody?: boolean;
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

/** Path parameters that name a resource by its UUID, and which resource (see `pathId`). */
const resourceIds = z.registry<{ resource: ResourceName }>();

/**
 * A path parameter that is a resource's id. Declared once in the contract, it decides three
 * things: the route wrapper answers a malformed one as that resource's 404 before anything else
 * is parsed (lib/api/handler.ts), the handler gets it as a string, and the document says it is a
 * UUID (lib/openapi/document.ts). Ids from bodies and query strings are not checked above
 * `db/queries`: a query answers "no such row" for a non-UUID.
 */
export function pathId(resource: ResourceName): z.ZodString {
  return z.string().register(resourceIds, { resource });
}

/** The resource named by one path parameter schema, or undefined when it is not a `pathId`. */
export function resourceOfPathParam(schema: z.ZodType): ResourceName | undefined {
  return resourceIds.get(schema)?.resource;
}

/** The endpoint's path parameters that are resource ids: name → resource. */
export function pathIdsOf(e: Endpoint): [name: string, resource: ResourceName][] {
  if (!(e.params instanceof z.ZodObject)) return [];
  const out: [string, ResourceName][] = [];
  for (const [name, schema] of Object.entries(e.params.shape as Record<string, z.ZodType>)) {
    const resource = resourceOfPathParam(schema);
    if (resource) out.push([name, resource]);
  }
  return out;
}
