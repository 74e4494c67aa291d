// Standard Webhooks signing (https://www.standardwebhooks.com): `webhook-signature` is `v1,` +
// base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the base64 part of `whsec_…`.
import crypto from "node:crypto";

const PREFIX = "whsec_";

/** A new endpoint secret: `whsec_` + base64 of 24 random bytes. */
export function generateSecret(): string {
  return PREFIX + crypto.randomBytes(24).toString("base64");
}

function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

export function sign(params: { secret: string; id: string; timestamp: number; body: string }): string {
  const mac = crypto.createHmac("sha256", secretKey(params.secret));
  mac.update(`${params.id}.${params.timestamp}.${params.body}`);
  return `v1,${mac.digest("base64")}`;
}

/** The three headers of one attempt (the id stays the same across retries, the timestamp not). */
export function signedHeaders(params: { secret: string; id: string; body: string; now?: number }): Record<string, string> {
  const timestamp = Math.floor((params.now ?? Date.now()) / 1000);
  return {
    "webhook-id": params.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": sign({ secret: params.secret, id: params.id, timestamp, body: params.body }),
  };
}

/**
 * What a receiver does (the README shows the same): recompute, compare in constant time, and
 * refuse timestamps more than `toleranceS` away from now (replays).
 */
export function verifySignature(params: {
  secret: string;
  headers: { id: string; timestamp: string; signature: string };
  body: string;
  toleranceS?: number;
  now?: number;
}): boolean {
  const ts = Number(params.headers.timestamp);
  if (!Number.isInteger(ts)) return false;
  const nowS = Math.floor((params.now ?? Date.now()) / 1000);
  if (Math.abs(nowS - ts) > (params.toleranceS ?? 300)) return false;
  const expected = Buffer.from(sign({ secret: params.secret, id: params.headers.id, timestamp: ts, body: params.body }));
  return params.headers.signature.split(" ").some((candidate) => {
    const got = Buffer.from(candidate);
    return got.length === expected.length && crypto.timingSafeEqual(got, expected);
  });
}
