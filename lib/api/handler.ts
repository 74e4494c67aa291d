// The one wrapper every route handler goes through: rate limit → auth → parse (zod) → call →
// shape (or replay an Idempotency-Key's stored response where the contract says `idempotent`).
// Every failure becomes {detail} with its status; unexpected ones are logged with a request id
// and answered 500 `Internal server error`.
import crypto from "node:crypto";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { resolveUserContext, type UserContext } from "@/lib/auth/user-context";
import { pathIdsOf, type Endpoint } from "@/lib/schemas/contract";
import { ApiError, notFound } from "@/lib/core/errors";
import { isDiskFull } from "@/lib/core/public-error";
import { clientErrorOf, DISK_FULL_DETAIL } from "@/lib/storage/errors";
import { addressKey, checkRateLimit, principalKey } from "./rate-limit";
import { idempotencyKeyOf, requestHash, withIdempotency } from "./idempotency";
import { zodDetail } from "./zod-detail";
import { isUuid } from "@/lib/core/uuid";
import { observed } from "@/lib/metrics/observe";
import { logger } from "@/lib/log/logger";
import { env } from "@/lib/env";
import { item } from "@/lib/core/item";

const log = logger("api");

export const MAX_JSON_BODY = 1024 * 1024;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerArgs<E extends Endpoint> {
  req: Request;
  db: Db;
  user: E["auth"] extends "none" ? UserContext | null : UserContext;
  params: Infer<NonNullable<E["params"]>>;
  query: Infer<NonNullable<E["query"]>>;
  body: Infer<NonNullable<E["body"]>>;
  requestId: string;
}

export interface HandleOptions {
  /** Handlers that check the database themselves (health) get no handle from the wrapper. */
  skipDb?: boolean;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export function errorResponse(status: number, detail: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}): Response {
  return jsonResponse({ detail, ...extra }, status, headers);
}

async function readJson(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get("content-length"));
  if (declared > MAX_JSON_BODY) throw new ApiError(413, "Request body too large");
  let text = "";
  if (req.body) {
    const reader = req.body.getReader();
    const decoder = new TextDecoder();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BODY) {
        await reader.cancel().catch(() => {});
        throw new ApiError(413, "Request body too large");
      }
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  }
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body must be valid JSON");
  }
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : item(all, 0);
  }
  return out;
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown, root: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, zodDetail(result.error, root, value));
  return result.data;
}

/** Status of an answer nobody reads: the client closed the request first (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

export function toErrorResponse(err: unknown, requestId: string, where: string, userId?: string, clientGone = false): Response {
  const known = clientErrorOf(err);
  if (known) return errorResponse(known.status, known.detail, { ...known.headers, "X-Request-Id": requestId }, known.extra);
  if (isDiskFull(err)) return errorResponse(507, DISK_FULL_DETAIL, { "X-Request-Id": requestId });
  // A request the client aborted (a search typed over, a page left) is no server failure.
  if (clientGone) {
    log.info({ reqId: requestId, userId, where, err: (err as Error)?.name }, `${where} abandoned: the client closed the request`);
    return errorResponse(CLIENT_CLOSED_REQUEST, "The client closed the request", { "X-Request-Id": requestId });
  }
  log.error({ err, reqId: requestId, userId, where }, `${where} failed`);
  return errorResponse(500, "Internal server error", { "X-Request-Id": requestId });
}

/**
 * For the few routes that do not take a JSON body through `handle` (presigned storage URLs, whose
 * signature is the credential and whose body is streamed): the same error answers as `handle`.
 */
export function rawRoute<A extends unknown[]>(where: string, fn: (req: Request, ...rest: A) => Promise<Response>) {
  const [method, path] = where.split(" ");
  return observed(`/api${path}`, method!, async (req: Request, ...rest: A): Promise<Response> => {
    try {
      return await fn(req, ...rest);
    } catch (err) {
      return toErrorResponse(err, crypto.randomUUID(), where);
    }
  });
}

/** The caller, counted against their own credential's limit; a failed authentication counts against the address. */
async function authenticate(db: Db, req: Request): Promise<UserContext> {
  let user: UserContext;
  try {
    user = await resolveUserContext(db, req.headers.get("authorization"));
  } catch (err) {
    await checkRateLimit(addressKey(req));
    throw err;
  }
  await checkRateLimit(principalKey(user));
  return user;
}

/**
 * An open endpoint counts a request that carries a valid credential against that credential, like
 * any other; only requests without one count against the client's address (many keys share one
 * address behind a NAT). Handlers that check the database themselves (health) count by address.
 */
async function countOpenRequest(db: Db | undefined, req: Request): Promise<void> {
  const authorization = req.headers.get("authorization");
  const user = db && authorization?.trim() ? await resolveUserContext(db, authorization).catch(() => null) : null;
  await checkRateLimit(user ? principalKey(user) : addressKey(req));
}

export function handle<E extends Endpoint>(
  endpoint: E,
  fn: (args: HandlerArgs<E>) => Promise<unknown>,
  options: HandleOptions = {},
) {
  const route = `/api${endpoint.path}`;
  // Every answer is counted by route pattern, method and status (lib/metrics) and logged at debug
  // level with its request id and the caller's user id (never the credential).
  return observed(route, endpoint.method, async (req: Request, ctx?: RouteContext): Promise<Response> => {
    const requestId = crypto.randomUUID();
    const caller: { userId?: string } = {};
    const res = await answer(req, ctx, requestId, caller);
    log.debug({ reqId: requestId, userId: caller.userId, method: endpoint.method, route, status: res.status }, "request answered");
    return res;
  });

  async function answer(req: Request, ctx: RouteContext | undefined, requestId: string, caller: { userId?: string }): Promise<Response> {
    try {
      const db = options.skipDb ? (undefined as unknown as Db) : await getDb();
      const user = endpoint.auth === "required" ? await authenticate(db, req) : null;
      if (endpoint.auth !== "required") await countOpenRequest(db, req);
      caller.userId = user?.user_id;
      const rawParams = ctx ? await ctx.params : {};
      // A malformed path id (`pathId` in the contract) is that resource's 404, before the body is
      // parsed: a 404 whatever else is wrong.
      for (const [name, resource] of pathIdsOf(endpoint)) {
        if (!isUuid(String(rawParams[name] ?? ""))) throw notFound(resource);
      }
      const params = endpoint.params ? parseWith(endpoint.params, rawParams, "path") : undefined;
      const query = endpoint.query ? parseWith(endpoint.query, queryObject(new URL(req.url)), "query") : undefined;
      let body: unknown;
      let raw: unknown;
      if (endpoint.body) {
        raw = await readJson(req);
        body = parseWith(endpoint.body, raw === undefined ? {} : raw, "body");
      }
      const respond = async (): Promise<Response> => {
        const result = await fn({ req, db, user, params, query, body, requestId } as HandlerArgs<E>);
        if (result instanceof Response) return result;
        const shaped = endpoint.response && env().NODE_ENV !== "production" ? endpoint.response.parse(result) : result;
        return jsonResponse(shaped, endpoint.status ?? 200);
      };
      const idempotencyKey = endpoint.idempotent && user ? idempotencyKeyOf(req) : null;
      if (!idempotencyKey || !user) return await respond();
      const where = `${endpoint.method} ${endpoint.path}`;
      return await withIdempotency(db, { userId: user.user_id, key: idempotencyKey, hash: requestHash(req, raw) }, () =>
        respond().catch((err) => toErrorResponse(err, requestId, where, caller.userId, req.signal.aborted)),
      );
    } catch (err) {
      return toErrorResponse(err, requestId, `${endpoint.method} ${endpoint.path}`, caller.userId, req.signal.aborted);
    }
  }
}
