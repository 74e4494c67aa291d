// Rate limiting: a fixed one-minute window per authenticated principal (the user, however the
// key is spelled: `KEY`, `Bearer KEY`, `bearer  KEY` count as one), and per client address for
// failed authentication and unauthenticated endpoints. In process memory: several app processes
// each apply the limit.
import { rateLimitPerMinute } from "@/lib/config";
import { ApiError } from "./errors";
import { processSingleton } from "@/lib/core/process-singleton";

type Window = { start: number; count: number };
const windows: Map<string, Window> = processSingleton<Map<string, Window>>("__vaRate", () => new Map());
let lastSweep = 0;

/** How many proxies in front of the app append to X-Forwarded-For (TRUST_PROXY; 0: trust none). */
export function trustedProxyHops(): number {
  const v = (process.env.TRUST_PROXY || "").trim().toLowerCase();
  if (v === "true" || v === "yes") return 1;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
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
  return chain.length ? chain[Math.max(0, chain.length - hops)]! : peer;
}

export const addressKey = (req: Request) => `a:${clientAddress(req)}`;
export const principalKey = (userId: string) => `u:${userId}`;

/** Counts a request; throws 429 with Retry-After when the credential is over its limit. */
export function checkRateLimit(key: string, now = Date.now()): void {
  const limit = rateLimitPerMinute();
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    for (const [k, w] of windows) if (now - w.start >= 60_000) windows.delete(k);
  }
  let w = windows.get(key);
  if (!w || now - w.start >= 60_000) {
    w = { start: now, count: 0 };
    windows.set(key, w);
  }
  w.count++;
  if (w.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    throw new ApiError(429, "Rate limit exceeded", { "Retry-After": String(retryAfter) });
  }
}

export function resetRateLimits(): void {
  windows.clear();
}
