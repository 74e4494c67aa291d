// Per-credential rate limiting: a fixed one-minute window per credential (or per client address
// for unauthenticated calls), in process memory. Several app processes each apply the limit.
import crypto from "node:crypto";
import { rateLimitPerMinute } from "@/lib/config";
import { ApiError } from "./errors";

type Window = { start: number; count: number };
const windows: Map<string, Window> = ((globalThis as Record<string, unknown>).__vaRate ??= new Map()) as Map<
  string,
  Window
>;
let lastSweep = 0;

export function rateLimitKey(req: Request): string {
  const auth = req.headers.get("authorization");
  if (auth) return `c:${crypto.createHash("sha1").update(auth).digest("base64url")}`;
  const fwd = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return `a:${fwd || req.headers.get("x-real-ip") || "local"}`;
}

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
