// Who may read /api/metrics. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>`
// (compared in constant time). Without it: loopback clients only. The client's address is the one
// the rate limit uses (lib/api/rate-limit.ts): the socket's address as scripts/edge-guard.cjs
// records it, or with TRUST_PROXY the address our own proxies appended; a client-sent
// X-Forwarded-For is never believed, so a proxy on the same host does not open the metrics to all.
import crypto from "node:crypto";
import { ApiError } from "@/lib/core/errors";
import { clientAddress } from "@/lib/api/rate-limit";
import { env } from "@/lib/env";

export const METRICS_TOKEN_DETAIL = "Missing or invalid metrics token";
export const METRICS_LOOPBACK_DETAIL = "Metrics are served to loopback clients only; set METRICS_TOKEN to scrape from elsewhere";

export function isLoopback(address: string): boolean {
  const a = address.trim().toLowerCase();
  return a === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Throws 401 (token set, wrong or missing) or 403 (no token set, caller not on loopback). */
export function authorizeScrape(req: Request): void {
  const token = env().METRICS_TOKEN;
  if (token) {
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization")?.trim() ?? "");
    if (!m || !sameSecret(m[1]!.trim(), token)) throw new ApiError(401, METRICS_TOKEN_DETAIL, { "WWW-Authenticate": "Bearer" });
    return;
  }
  if (!isLoopback(clientAddress(req))) throw new ApiError(403, METRICS_LOOPBACK_DETAIL);
}
