// A scrape of /api/metrics: the database-backed numbers read afresh (every process reports the same
// install-wide runs, queue and durations, whichever process ran the work), then this process's own
// metrics, in the Prometheus text format.
import { getDb } from "@/db/client";
import { runStates, storedVideoBytes } from "@/db/queries/metrics";
import { formatInstallHistograms, renderInstallHistograms } from "./install-histograms";
import { metrics, type Metrics } from "./registry";

const RUN_STATES = ["queued", "running", "completed", "failed", "cancelled"] as const;

/**
 * One round of database reads per scrape (runs by state with the oldest wait, stored bytes, the
 * duration histograms' few rows); when the database fails, va_metrics_database_up is 0 and those
 * values are absent. Answers the histograms' text.
 */
async function collectFromDb(m: Metrics): Promise<string> {
  try {
    const db = await getDb();
    const [runs, bytes, histograms] = await Promise.all([runStates(db), storedVideoBytes(db), renderInstallHistograms(db)]);
    m.runs.reset();
    for (const state of new Set([...RUN_STATES, ...Object.keys(runs.byState)])) m.runs.set({ state }, runs.byState[state] ?? 0);
    m.queueDepth.set(runs.byState.queued ?? 0);
    m.queueAge.set(runs.oldestWaitingSince ? Math.max(0, (Date.now() - runs.oldestWaitingSince.getTime()) / 1000) : 0);
    m.storedBytes.set(bytes);
    m.databaseUp.set(1);
    return histograms;
  } catch {
    m.runs.reset();
    m.queueDepth.reset();
    m.queueAge.reset();
    m.storedBytes.reset();
    m.databaseUp.set(0);
    return formatInstallHistograms([]);
  }
}

export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  const histograms = await collectFromDb(m);
  return { body: (await m.registry.metrics()) + histograms, contentType: m.registry.contentType };
}
