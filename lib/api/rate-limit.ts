// Rate limiting: a fixed one-minute window per credential (an API key, however it is spelled:
// `KEY`, `Bearer KEY`, `bearer  KEY` count as one; a Clerk user), and per client address only for
// requests without a valid credential (failed authentication, open endpoints called without one):
// an office behind one NAT has many keys. With a Postgres server the windows are rows that every
// process counts in (one upsert per request), so N processes allow the limit once; the embedded
// database has one process, which counts in memory.
import { getDbHandle } from "@/db/client";
import { clearRateLimitWindows, countRateLimited, deleteEndedRateLimitWindows } from "@/db/queries/rate-limits";
import type { UserContext } from "@/lib/auth/user-context";
import { ApiError } from "@/lib/core/errors";
import { errorCause } from "@/lib/core/error-facts";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";
import { env } from "@/lib/env";
import { item } from "@/lib/core/item";

const log = logger("rate-limit");

const WINDOW_MS = 60_000;
/** A shared counter that does not answer in time is replaced by this process's own for the request. */
const SHARED_TIMEOUT_MS = 2_000;

type Window = { start: number; count: number };
const state = processSingleton("__vaRate", () => ({
  windows: new Map<string, Window>(),
  lastSweep: 0,
  lastSharedSweep: 0,
  warned: false,
}));

/** How many proxies in front of the app append to X-Forwarded-For (TRUST_PROXY; 0: trust none). */
export function trustedProxyHops(): number {
  return env().TRUST_PROXY;
}

/**
 * The caller's address. X-Forwarded-For only with TRUST_PROXY (the entry our own proxies added);
 * otherwise the socket's address, which scripts/edge-guard.cjs puts in `x-va-peer` (overwriting
 * whatever a client sent under that name).
 */
export function clientAddress(req: Request): string {
  const hops = trustedProxyHops();
  const peer = req.headers.get("x-va-peer")?.trim() || "local";
  if (!hops) return peer;
  const chain = (req.headers.get("x-forwarded-for") || "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chain.length ? item(chain, Math.max(0, chain.length - hops)) : peer;
}

export const addressKey = (req: Request) => `a:${clientAddress(req)}`;

/** The credential a request counts against: its API key, else its Clerk user. */
export function principalKey(user: Pick<UserContext, "user_id" | "key_id" | "clerk_user_id">): string {
  if (user.key_id) return `k:${user.key_id}`;
  return `u:${user.clerk_user_id ?? user.user_id}`;
}

function countInMemory(key: string, now: number): Window {
  if (now - state.lastSweep > WINDOW_MS) {
    state.lastSweep = now;
    for (const [k, w] of state.windows) if (now - w.start >= WINDOW_MS) state.windows.delete(k);
  }
  let w = state.windows.get(key);
  if (!w || now - w.start >= WINDOW_MS) {
    w = { start: now, count: 0 };
    state.windows.set(key, w);
  }
  w.count++;
  return { ...w };
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function countShared(key: string, now: number): Promise<Window | null> {
  const handle = await getDbHandle();
  if (handle.kind !== "postgres") return null;
  if (now - state.lastSharedSweep > WINDOW_MS) {
    state.lastSharedSweep = now;
    void deleteEndedRateLimitWindows(handle.db, { before: now - WINDOW_MS }).catch(() => {});
  }
  return countRateLimited(handle.db, { key, now, windowMs: WINDOW_MS });
}

/** Counts the request where every process sees it (Postgres), else (embedded database, or the server failing) here. */
async function countRequest(key: string, now: number): Promise<Window> {
  try {
    const shared = await within(countShared(key, now), SHARED_TIMEOUT_MS);
    if (shared && state.warned) {
      state.warned = false;
      log.info("the shared counters answer again");
    }
    if (shared) return shared;
  } catch (err) {
    if (!state.warned) {
      state.warned = true;
      log.warn(`the shared counters are unavailable (${errorCause(err)}); counting in this process until they answer`);
    }
  }
  return countInMemory(key, now);
}

/** Counts a request; throws 429 with Retry-After when the credential (or address) is over its limit. */
export async function checkRateLimit(key: string, now = Date.now()): Promise<void> {
  const limit = env().RATE_LIMIT_PER_MINUTE;
  const w = await countRequest(key, now);
  if (w.count > limit) {
    const retryAfter = Math.min(60, Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000)));
    throw new ApiError(429, "Rate limit exceeded", { "Retry-After": String(retryAfter) });
  }
}

/** Forgets every window (tests): this process's and, on a Postgres server, the shared ones. */
export async function resetRateLimits(): Promise<void> {
  state.windows.clear();
  state.warned = false;
  const handle = await getDbHandle().catch(() => null);
  if (handle?.kind === "postgres") await clearRateLimitWindows(handle.db).catch(() => {});
}
