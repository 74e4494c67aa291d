// Keyset pagination of lists ordered newest first by (created_at, id). Timestamps are compared
// at millisecond precision (what a cursor carries): the page order is (created_at truncated to
// the millisecond desc, id desc), so no row is skipped or repeated between pages.
import { desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

export interface PageCursor {
  createdAt: Date;
  id: string;
}

/** A page asked for: its size, and the cursor it starts after. */
export interface PageRequest {
  limit: number;
  cursor?: PageCursor;
}

const ms = (createdAt: PgColumn) => sql`date_trunc('milliseconds', ${createdAt})`;

/** Rows after `cursor` in page order. */
export function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: PageCursor): SQL {
  const at = cursor.createdAt.toISOString().replace(/Z$/, "");
  return sql`(${ms(createdAt)}, ${id}) < (${at}::timestamp, ${cursor.id}::uuid)`;
}

/** The page order. */
export function pageOrder(createdAt: PgColumn, id: PgColumn): SQL[] {
  return [desc(ms(createdAt)), desc(id)];
}
