// Optional pages of a list: `limit` (1–200) and an opaque `cursor` (base64url of the last row's
// created_at and id). The body stays the list; a `Link: <…>; rel="next"` header names the next
// page while there is one. Without `limit` (and `cursor`) a list answers as it always did.
import type { PageCursor, PageRequest } from "@/db/queries/page-cursor";
import { isUuid } from "@/lib/core/uuid";
import { badRequest } from "@/lib/core/errors";

import { DEFAULT_PAGE_LIMIT } from "@/lib/schemas/pagination";
import { item } from "@/lib/core/item";

export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, pageCursorField, pageLimitField, pageQuery } from "@/lib/schemas/pagination";

export function encodeCursor(c: PageCursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString("base64url");
}

/** The cursor a client sent back; 400 `cursor: is not valid` when it is not one we made. */
export function decodeCursor(text: string): PageCursor {
  const invalid = () => badRequest("cursor: is not valid (use the one from the Link header)");
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  const [at, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (rest.length || !id || !isUuid(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) throw invalid();
  return { createdAt, id };
}

/** The page asked for, or null for the whole list. */
export function pageRequest(q: { limit?: number; cursor?: string }): PageRequest | null {
  if (q.limit === undefined && q.cursor === undefined) return null;
  return { limit: q.limit ?? DEFAULT_PAGE_LIMIT, cursor: q.cursor === undefined ? undefined : decodeCursor(q.cursor) };
}

/** The request's URL with `cursor` (and `limit`) set: the next page's address. */
export function nextPageUrl(req: Request, cursor: string, limit: number): string {
  const url = new URL(req.url);
  url.searchParams.set("cursor", cursor);
  url.searchParams.set("limit", String(limit));
  return url.pathname + url.search;
}

/**
 * Rows fetched with `limit + 1` cut to the page, and the `Link` header when more follow. `key`
 * gives the (created_at, id) a row is ordered by.
 */
export function pageOf<T>(req: Request, page: PageRequest, rows: T[], key: (row: T) => PageCursor): { rows: T[]; headers: Record<string, string> } {
  if (rows.length <= page.limit) return { rows, headers: {} };
  const kept = rows.slice(0, page.limit);
  const next = encodeCursor(key(item(kept, kept.length - 1)));
  return { rows: kept, headers: { Link: `<${nextPageUrl(req, next, page.limit)}>; rel="next"` } };
}

/** Lists ordered by a text key (stored files, by storage key): the cursor is the last key. */
export function encodeKeyCursor(key: string): string {
  return Buffer.from(`k|${key}`).toString("base64url");
}

export function decodeKeyCursor(text: string): string {
  const decoded = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url").toString("utf8") : "";
  if (!decoded.startsWith("k|") || decoded.length < 3) throw badRequest("cursor: is not valid (use the one from the Link header)");
  return decoded.slice(2);
}

/** A page of a key-ordered list (all of it in memory: stored objects are listed whole). */
export function keyPageOf<T>(req: Request, q: { limit?: number; cursor?: string }, items: T[], key: (item: T) => string): { items: T[]; headers: Record<string, string> } {
  if (q.limit === undefined && q.cursor === undefined) return { items, headers: {} };
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  const after = q.cursor === undefined ? null : decodeKeyCursor(q.cursor);
  const rest = after === null ? items : items.filter((i) => key(i) > after);
  const page = rest.slice(0, limit);
  if (rest.length <= limit) return { items: page, headers: {} };
  return { items: page, headers: { Link: `<${nextPageUrl(req, encodeKeyCursor(key(item(page, page.length - 1))), limit)}>; rel="next"` } };
}
