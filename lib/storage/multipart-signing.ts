// Presigned part URLs of the local driver's multipart uploads:
// `/api/storage/multipart/<upload_id>/parts/<n>?expires=<unix>&sig=<base64url>`, signed like the
// object URLs (signing.ts): HMAC-SHA256 over upload id, part number and expiry, with its own key
// derived from APP_SECRET (a part signature can never pass as an object URL or a playback token),
// compared in constant time.
import crypto from "node:crypto";
import { appSecret } from "@/lib/config";
import { env } from "@/lib/env";

export const MULTIPART_ROUTE = "/api/storage/multipart/";

let derived: { secret: string; key: Buffer } | undefined;

function signingKey(): Buffer {
  const secret = appSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: crypto.createHmac("sha256", secret).update("storage-part-url-v1").digest() };
  }
  return derived.key;
}

function sign(uploadId: string, partNumber: number, expires: number): Buffer {
  return crypto.createHmac("sha256", signingKey()).update(["v1", "PUT", uploadId, String(partNumber), String(expires)].join("\n")).digest();
}

export function buildPartUrl(uploadId: string, partNumber: number, expiresIn: number): string {
  const expires = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(expiresIn));
  const q = new URLSearchParams({ expires: String(expires), sig: sign(uploadId, partNumber, expires).toString("base64url") });
  return `${env().APP_URL}${MULTIPART_ROUTE}${uploadId}/parts/${partNumber}?${q.toString()}`;
}

/** True when the URL's signature matches this upload and part and has not expired. */
export function verifyPartUrl(url: URL, uploadId: string, partNumber: number): boolean {
  const expiresText = url.searchParams.get("expires") ?? "";
  const sigText = url.searchParams.get("sig") ?? "";
  if (!/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(sigText)) return false;
  const expires = Number(expiresText);
  if (expires < Math.floor(Date.now() / 1000)) return false;
  const expected = sign(uploadId, partNumber, expires);
  const given = Buffer.from(sigText, "base64url");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
