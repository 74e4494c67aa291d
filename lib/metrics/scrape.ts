// A scrape of /api/metrics: the database-backed gauges read afresh (every process reports the same
// queue), then every metric of the process in the Prometheus text format.
import { getDb } from "@/db/client";
import { countRunsByStatus, oldestQueuedRunAt, storedVideoBytes } from "@/db/queries/metrics";
import { metrics, type Metrics } from "./registry";

const RUN_STATES = ["queued", "running", "completed", "failed", "cancelled"] as const;

/** One round of database reads per scrape; when the database fails, va_metrics_database_up is 0 and those gauges are absent. */
async function collectFromDb(m: Metrics): Promise<void> {
  try {
    const db = await getDb();
    const [byStatus, oldest, bytes] = await Promise.all([countRunsByStatus(db), oldestQueuedRunAt(db), storedVideoBytes(db)]);
    m.runs.reset();
    for (const state of new Set([...RUN_STATES, ...Object.keys(byStatus)])) m.runs.set({ state }, byStatus[state] ?? 0);
    m.queueDepth.set(byStatus.queued ?? 0);
    m.queueAge.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    m.storedBytes.set(bytes);
    m.databaseUp.set(1);
  } catch {
    m.runs.reset();
    m.queueDepth.reset();
    m.queueAge.reset();
    m.storedBytes.reset();
    m.databaseUp.set(0);
  }
}

export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  await collectFromDb(m);
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
