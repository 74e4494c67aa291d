// Presigned URLs of the local driver: `/api/storage/object/<key>?expires=<unix>&sig=<hmac>`
// (an upload URL also names its `content_type`, so a refusal can tell a wrong Content-Type from a
// tampered URL). The HMAC-SHA256 (key derived from APP_SECRET) covers method, key, content type,
// expiry and the download filename, and is compared in constant time.
import crypto from "node:crypto";
import { appSecret } from "@/lib/config";
import { env } from "@/lib/env";

export const OBJECT_ROUTE = "/api/storage/object/";

type SignedMethod = "PUT" | "GET";

interface SignedFields {
  method: SignedMethod;
  key: string;
  /** PUT: the content type the client must send; GET: "". */
  contentType: string;
  expires: number;
  filename: string;
}

let derived: { secret: string; key: Buffer } | undefined;

function signingKey(): Buffer {
  const secret = appSecret();
  if (derived?.secret !== secret) {
    // Its own key, so a storage signature can never be replayed as another kind of token.
    derived = { secret, key: crypto.createHmac("sha256", secret).update("storage-url-v1").digest() };
  }
  return derived.key;
}

/** Content types compare without case or surrounding space, as HTTP media types do. */
export function normalizeContentType(ct: string | null | undefined): string {
  return (ct ?? "").trim().toLowerCase();
}

function sign(f: SignedFields): Buffer {
  const text = ["v1", f.method, f.key, normalizeContentType(f.contentType), String(f.expires), f.filename].join("\n");
  return crypto.createHmac("sha256", signingKey()).update(text).digest();
}

export function encodeKeyPath(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

export function buildSignedUrl(opts: {
  method: SignedMethod;
  key: string;
  contentType?: string;
  expiresIn: number;
  filename?: string;
}): string {
  const expires = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(opts.expiresIn));
  const filename = opts.filename ?? "";
  const sig = sign({ method: opts.method, key: opts.key, contentType: opts.contentType ?? "", expires, filename });
  const q = new URLSearchParams({ expires: String(expires) });
  if (filename) q.set("filename", filename);
  if (opts.method === "PUT") q.set("content_type", opts.contentType ?? "");
  q.set("sig", sig.toString("base64url"));
  return `${env().APP_URL}${OBJECT_ROUTE}${encodeKeyPath(opts.key)}?${q.toString()}`;
}

/** True when the URL's signature matches this method, key and content type and has not expired. */
export function verifySignedUrl(url: URL, opts: { method: SignedMethod; key: string; contentType?: string }): boolean {
  const expiresText = url.searchParams.get("expires") ?? "";
  const sigText = url.searchParams.get("sig") ?? "";
  if (!/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(sigText)) return false;
  const expires = Number(expiresText);
  if (expires < Math.floor(Date.now() / 1000)) return false;
  const expected = sign({
    method: opts.method,
    key: opts.key,
    contentType: opts.contentType ?? "",
    expires,
    filename: url.searchParams.get("filename") ?? "",
  });
  const given = Buffer.from(sigText, "base64url");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * Why a PUT's signature failed, when it is only its Content-Type: the content type the URL was
 * signed for (its `content_type`, trusted only because the signature matches with it), or null
 * when that differs from nothing the PUT sent or the URL is expired, tampered or of another key.
 */
export function signedContentTypeMismatch(url: URL, key: string, sentContentType: string): string | null {
  const signed = url.searchParams.get("content_type");
  if (signed === null || normalizeContentType(signed) === normalizeContentType(sentContentType)) return null;
  return verifySignedUrl(url, { method: "PUT", key, contentType: signed }) ? signed : null;
}

/** The object key named by a request path under /api/storage/object/, or null. */
export function keyFromObjectUrl(url: URL): string | null {
  const i = url.pathname.indexOf(OBJECT_ROUTE);
  if (i < 0) return null;
  try {
    return url.pathname
      .slice(i + OBJECT_ROUTE.length)
      .split("/")
      .map(decodeURIComponent)
      .join("/");
  } catch {
    return null;
  }
}
