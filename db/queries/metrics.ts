// Operator-wide numbers for /api/metrics, read at scrape time. The one query file without a userId:
// these are sums over every user, never rows of one, and only the metrics route reads them.
import { count, min, sql } from "drizzle-orm";
import type { Db } from "../client";
import { processingRuns, videos } from "../schema";

/** How many runs are in each state (queued, running, completed, failed, cancelled). */
export async function countRunsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: processingRuns.status, n: count() }).from(processingRuns).groupBy(processingRuns.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** When the longest-waiting queued run was queued, or null when none waits. */
export async function oldestQueuedRunAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(processingRuns.createdAt) })
    .from(processingRuns)
    .where(sql`${processingRuns.status} = 'queued'`);
  return row?.at ?? null;
}

/** Bytes of every stored video file, as the videos record them. */
export async function storedVideoBytes(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${videos.fileSize}), 0)` }).from(videos);
  return Number(row?.total ?? 0);
}
