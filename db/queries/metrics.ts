// Operator-wide numbers for /api/metrics, read at scrape time. The one query file without a userId:
// these are sums over every user, never rows of one, and only the metrics route (and the places
// that record durations) reach them.
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { durationHistograms, processingRuns, videos } from "../schema";

export interface RunStates {
  /** Runs by state; a running run whose lease lapsed (handed back on a stop, or its process died) is `queued`. */
  byState: Record<string, number>;
  /** Since when the longest-waiting run waits (queued: since it was queued; handed back: since its lease ended); null when none waits. */
  oldestWaitingSince: Date | null;
}

/**
 * One query: runs by state as a claimer sees them. A run left `running` by a process that stopped
 * or died waits to be claimed like a queued one, so it counts as queued. (Inngest's runs hold no
 * lease: their `running` is Inngest's word.)
 */
export async function runStates(db: Db): Promise<RunStates> {
  const now = new Date().toISOString();
  const lapsed = sql`(${processingRuns.status} = 'running' and ${processingRuns.leaseExpiresAt} < ${now}::timestamp)`;
  const state = sql<string>`case when ${lapsed} then 'queued' else ${processingRuns.status} end`;
  const rows = await db
    .select({
      state,
      n: sql<number>`count(*)::int`,
      since: sql<string | null>`min(case when ${lapsed} then ${processingRuns.leaseExpiresAt} when ${processingRuns.status} = 'queued' then ${processingRuns.createdAt} end)::text`,
    })
    .from(processingRuns)
    // By position: the state expression holds a parameter, and a repeated one would not match it.
    .groupBy(sql`1`);
  const byState: Record<string, number> = {};
  let oldest: Date | null = null;
  for (const r of rows) {
    byState[r.state] = Number(r.n);
    const since = r.since ? new Date(`${r.since.replace(" ", "T")}Z`) : null;
    if (since && (!oldest || since < oldest)) oldest = since;
  }
  return { byState, oldestWaitingSince: oldest };
}

/** Bytes of every stored video file, as the videos record them. */
export async function storedVideoBytes(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${videos.fileSize}), 0)` }).from(videos);
  return Number(row?.total ?? 0);
}

/** Adds one observation to its bucket (`le`: the bucket's upper bound, Infinity for the last); one upsert. */
export async function observeDuration(db: Db, params: { metric: string; label: string; le: number; seconds: number }): Promise<void> {
  await db
    .insert(durationHistograms)
    .values({ metric: params.metric, label: params.label, le: params.le, count: 1, sum: params.seconds })
    .onConflictDoUpdate({
      target: [durationHistograms.metric, durationHistograms.label, durationHistograms.le],
      set: { count: sql`${durationHistograms.count} + 1`, sum: sql`${durationHistograms.sum} + ${params.seconds}` },
    });
}

export interface HistogramRow {
  metric: string;
  label: string;
  le: number;
  count: number;
  sum: number;
}

/** Every bucket of every recorded duration histogram (a few rows per module and run outcome). */
export async function durationHistogramRows(db: Db): Promise<HistogramRow[]> {
  const rows = await db.select().from(durationHistograms);
  return rows.map((r) => ({ ...r, le: Number(r.le), count: Number(r.count), sum: Number(r.sum) }));
}
