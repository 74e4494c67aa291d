// Optional pages of a list: the query fields `limit` (1–200) and `cursor` (opaque), shared by the
// list endpoints' schemas. What they mean on the server (encoding, the Link header) is lib/api/pagination.
import { z } from "zod";

export const MAX_PAGE_LIMIT = 200;
/** A `cursor` without a `limit` pages by this many. */
export const DEFAULT_PAGE_LIMIT = 50;

export const pageLimitField = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_LIMIT)
  .optional()
  .describe(`Page size (1–${MAX_PAGE_LIMIT}); the \`Link\` header (rel="next") then names the next page. Without it (and without cursor) the whole list`);
export const pageCursorField = z.string().max(512).optional().describe("Opaque: the `cursor` of a `Link: rel=\"next\"` URL");

export const pageQuery = z.object({ limit: pageLimitField, cursor: pageCursorField });
