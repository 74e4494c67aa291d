// Idempotency-Key for POSTs that create or start something (switched on by `idempotent: true` in
// the endpoint's contract): the first response (status and body) is stored per user and key and
// replayed for 24 h to the same request; the same key with another request is 422; a duplicate
// arriving while the first still runs waits for its response. 5xx answers are not kept (a retry
// runs again), nor are streamed answers; bodies that fail validation never reach here.
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  storeIdempotentResponse,
} from "@/db/queries/idempotency";
import { ApiError } from "@/lib/core/errors";
import { processSingleton } from "@/lib/core/process-singleton";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still without a response after this long is taken to have died. */
const ABANDONED_MS = 60_000;
const WAIT_MS = ABANDONED_MS;
const KEY = /^[\x21-\x7e]{1,255}$/;
const state = processSingleton<{ lastCleanup: number }>("__vaIdempotency", () => ({ lastCleanup: 0 }));

export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY.test(key)) throw new ApiError(400, "Idempotency-Key must be 1–255 visible ASCII characters");
  return key;
}

/** What makes two requests "the same": method, path with query, and the JSON body. */
export function requestHash(req: Request, body: unknown): string {
  const url = new URL(req.url);
  return crypto
    .createHash("sha256")
    .update(`${req.method} ${url.pathname}${url.search}\n${JSON.stringify(body ?? null)}`)
    .digest("base64url");
}

function replay(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" } });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function withIdempotency(
  db: Db,
  params: { userId: string; key: string; hash: string },
  run: () => Promise<Response>,
): Promise<Response> {
  const { userId, key, hash } = params;
  const deadline = Date.now() + WAIT_MS;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const now = Date.now();
    const { claimed, existing: row } = await claimIdempotencyKey(db, {
      userId,
      key,
      requestHash: hash,
      expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS),
      abandonedBefore: new Date(now - ABANDONED_MS),
    });
    if (claimed) return runAndStore(db, params, run);
    if (row && row.requestHash !== hash) {
      throw new ApiError(422, "Idempotency-Key was already used with a different request (method, path or body)");
    }
    if (row?.responseStatus != null) return replay(row.responseStatus, row.responseBody ?? "");
    if (Date.now() > deadline) throw new ApiError(409, "A request with this Idempotency-Key is still being processed; retry later");
    await sleep(delay);
  }
}

async function runAndStore(db: Db, params: { userId: string; key: string }, run: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await run();
  } catch (err) {
    await releaseIdempotencyKey(db, params).catch(() => ({}));
    throw err;
  }
  // A streamed answer (text/event-stream) is not buffered to be kept: it would stop streaming.
  const streamed = res.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
  if (res.status >= 500 || streamed) {
    await releaseIdempotencyKey(db, params);
    return res;
  }
  const body = await res.text();
  await storeIdempotentResponse(db, { ...params, status: res.status, body });
  await cleanupExpired(db);
  return new Response(body, { status: res.status, headers: res.headers });
}

async function cleanupExpired(db: Db): Promise<void> {
  if (Date.now() - state.lastCleanup < 3_600_000) return;
  state.lastCleanup = Date.now();
  await deleteExpiredIdempotencyKeys(db, new Date(Date.now() - IDEMPOTENCY_TTL_MS)).catch(() => ({}));
}
