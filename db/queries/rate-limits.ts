// Rate-limit windows on a Postgres server, shared by every process (lib/api/rate-limit.ts). Not
// owned by a user: the key is a credential or a client address. One upsert per request counts it
// and answers the window, atomically, so N processes together allow the limit once.
import { lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { rateLimitCounters as c } from "../schema";

// A window that began `windowMs` or more before `now` is over: the request opens a new one.
const over = sql`${c.windowStart} <= ${sql.placeholder("now")}::bigint - ${sql.placeholder("windowMs")}::bigint`;

const countQuery = preparedPerDb((db) =>
  db
    .insert(c)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("now"), count: 1 })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        windowStart: sql`case when ${over} then excluded.window_start else ${c.windowStart} end`,
        count: sql`case when ${over} then 1 else ${c.count} + 1 end`,
      },
    })
    .returning({ start: c.windowStart, count: c.count })
    .prepare("count_rate_limit"),
);

/** Counts one request against `key`; answers its window's start (epoch ms) and count so far. */
export async function countRateLimited(db: Db, params: { key: string; now: number; windowMs: number }): Promise<{ start: number; count: number }> {
  const [row] = await countQuery(db).execute(params);
  return { start: Number(row!.start), count: row!.count };
}

/** Drops windows that are over (their next request starts afresh anyway). */
export async function deleteEndedRateLimitWindows(db: Db, params: { before: number }): Promise<void> {
  await db.delete(c).where(lte(c.windowStart, params.before));
}

/** Every window (tests). */
export async function clearRateLimitWindows(db: Db): Promise<void> {
  await db.delete(c);
}
