// Storage keys: supported video extensions, filename sanitizing and the ownership rules of
// client-given paths (decisions.md, Storage). Every key a client names goes through
// `resolveOwnedKey` before it reaches a driver.
import path from "node:path";
import { invalidStorageInput, notOwned } from "./errors";
import { MAX_UPLOAD_BYTES, SUPPORTED_EXTENSIONS } from "@/lib/core/storage-limits";
import { extensionOf } from "./content-types";

export { MAX_UPLOAD_BYTES, SUPPORTED_EXTENSIONS };

export const NOT_OWNED = "Storage path does not belong to this user";

/** Filenames stay well below the 255-byte limit of common filesystems, leaving room for a suffix. */
const MAX_NAME_BYTES = 200;

/** The extension of a name, lowercased with its dot (`.mp4`), or "" when it has none. */
export const fileExtension = extensionOf;

export function isSupportedExtension(name: string): boolean {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/** 400 `Unsupported file extension: .exe` unless the name ends in a supported video extension. */
export function assertSupportedExtension(name: string): void {
  if (!isSupportedExtension(name)) {
    throw invalidStorageInput(`Unsupported file extension: ${fileExtension(name) || "(none)"}`);
  }
}

function truncateBytes(s: string, max: number): string {
  let out = "";
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > max) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/**
 * A filename safe to use as the last segment of a key: path separators stripped, each whitespace
 * character becomes `_`, anything but letters, digits, `.`, `_` and `-` removed, no leading or
 * trailing dots. The extension is kept; the result is never empty (`file`).
 */
export function sanitizeFilename(name: string): string {
  const flat = String(name).normalize("NFC").replace(/[\\/\u0000-\u0008\u000e-\u001f\u007f]/g, "");
  const clean = (s: string) => s.replace(/\s/gu, "_").replace(/[^\p{L}\p{N}._-]/gu, "");
  const m = /(\.[\p{L}\p{N}]+)$/u.exec(flat);
  const ext = m ? m[1]! : "";
  let base = clean(m ? flat.slice(0, -ext.length) : flat).replace(/^\.+|\.+$/g, "");
  if (!base) base = "file";
  base = truncateBytes(base, MAX_NAME_BYTES - Buffer.byteLength(ext)).replace(/\.+$/, "") || "file";
  return base + truncateBytes(ext, 32);
}

/** `name_<6 hex>.ext`: a sibling name for a file that already exists. */
export function withUniqueSuffix(name: string, suffix: string): string {
  const ext = path.posix.extname(name);
  return ext && ext !== name ? `${name.slice(0, -ext.length)}_${suffix}${ext}` : `${name}_${suffix}`;
}

export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}

export function resultsPrefix(userId: string): string {
  return `results/${userId}/`;
}

/** The input and what it becomes when percent-decoded once, twice, … (until stable or invalid). */
function decodedVariants(input: string): string[] {
  const out = [input];
  let cur = input;
  for (let i = 0; i < 4 && /%[0-9a-f]{2}/i.test(cur); i++) {
    let next: string;
    try {
      next = decodeURIComponent(cur);
    } catch {
      // Not valid percent-encoding as a whole: decode the sequences that are.
      next = cur.replace(/(%[0-9a-f]{2})+/gi, (seq) => {
        try {
          return decodeURIComponent(seq);
        } catch {
          return seq;
        }
      });
    }
    if (next === cur) break;
    out.push(next);
    cur = next;
  }
  return out;
}

/**
 * True when a key is a plain relative object path: no NUL or control characters, no
 * backslashes, not absolute (`/x`, `C:x`), no empty, `.` or `..` segments — in the text as given
 * and in every percent-decoding of it.
 */
export function isSafeKey(key: string, opts: { allowTrailingSlash?: boolean } = {}): boolean {
  if (typeof key !== "string" || !key || key.length > 1024) return false;
  for (const v of decodedVariants(key)) {
    if (/[\u0000-\u001f\u007f\\]/.test(v)) return false;
    if (v.startsWith("/") || /^[a-z]:/i.test(v)) return false;
    const segments = v.split("/");
    if (opts.allowTrailingSlash && segments.length > 1 && segments[segments.length - 1] === "") segments.pop();
    if (segments.some((s) => s === "" || s === "." || s === "..")) return false;
  }
  return true;
}

function ownerOf(key: string): { area: "users" | "results"; owner: string } | null {
  const m = /^(users|results)\/([^/]*)/.exec(key);
  return m ? { area: m[1] as "users" | "results", owner: m[2]! } : null;
}

/**
 * The storage key a client's path names, if it is the caller's: `users/…` and `results/…` are used
 * as given but must be `users/<userId>/…` / `results/<userId>/…`; any other relative path is put
 * under `users/<userId>/`. Anything else (other users, absolute, `..` in any encoding,
 * backslashes, NUL) is 403 `Storage path does not belong to this user`.
 */
export function resolveOwnedKey(userId: string, input: string): string {
  if (!isSafeKey(input)) throw notOwned(NOT_OWNED);
  for (const v of decodedVariants(input)) {
    const o = ownerOf(v);
    if (o && (o.owner !== userId || v.split("/").length < 3)) throw notOwned(NOT_OWNED);
  }
  return ownerOf(input) ? input : `${userPrefix(userId)}${input}`;
}

/** True when `key` is a safe key in the caller's own `users/<userId>/` or `results/<userId>/` area. */
export function isOwnedKey(userId: string, key: string): boolean {
  if (!isSafeKey(key)) return false;
  const o = ownerOf(key);
  return !!o && o.owner === userId && key.split("/").length >= 3;
}

/**
 * A listing prefix inside the caller's `users/<userId>/` area: "" lists it all; `users/<userId>/…`
 * is used as given, other relative text is put under the area; anything else is 403.
 */
export function resolveListPrefix(userId: string, input: string | undefined): string {
  const own = userPrefix(userId);
  if (!input) return own;
  if (input === `users/${userId}`) return own;
  if (!isSafeKey(input, { allowTrailingSlash: true })) throw notOwned(NOT_OWNED);
  for (const v of decodedVariants(input)) {
    const o = ownerOf(v);
    if (o && (o.area !== "users" || o.owner !== userId || !v.startsWith(own))) throw notOwned(NOT_OWNED);
  }
  return input.startsWith(own) ? input : own + input;
}
