// Durations that any process may observe and every web process reports: a module's step (it runs in
// whichever process holds the run, often a worker that serves no HTTP) and a whole run. Each
// observation is one upsert into `duration_histograms` (one row per bucket, never deleted, so the
// cumulative buckets never go down); a scrape reads the few rows and writes them in the Prometheus
// text format. They count the whole install, so every web process shows the same numbers.
import type { Db } from "@/db/client";
import { durationHistogramRows, observeDuration, type HistogramRow } from "@/db/queries/metrics";

interface InstallHistogram {
  help: string;
  label: string;
  buckets: readonly number[];
}

export const INSTALL_HISTOGRAMS = {
  va_module_duration_seconds: {
    help: "Wall time of an analysis module's step, from its start to its results stored, in any process of the install (workers included)",
    label: "module",
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
  },
  va_run_duration_seconds: {
    help: "Wall time of a run from its first claim to its end (completed or failed), in any process of the install; a handed-back run's wait counts",
    label: "outcome",
    buckets: [1, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400],
  },
} as const satisfies Record<string, InstallHistogram>;

export type InstallHistogramName = keyof typeof INSTALL_HISTOGRAMS;

/** The upper bound of the bucket `seconds` falls in (Infinity past the last). */
function bucketOf(h: InstallHistogram, seconds: number): number {
  return h.buckets.find((le) => seconds <= le) ?? Infinity;
}

/** Records one observation for the whole install (`db` may be a transaction, so it counts once with what it measured). */
export async function recordDuration(db: Db, name: InstallHistogramName, labelValue: string, seconds: number): Promise<void> {
  const s = Math.max(0, seconds);
  await observeDuration(db, { metric: name, label: labelValue, le: bucketOf(INSTALL_HISTOGRAMS[name], s), seconds: s });
}

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const number = (n: number) => (n === Infinity ? "+Inf" : String(n));

/** The histograms in the Prometheus text format (HELP and TYPE always; series for each label value seen). */
export function formatInstallHistograms(rows: readonly HistogramRow[]): string {
  const out: string[] = [];
  for (const [name, h] of Object.entries(INSTALL_HISTOGRAMS) as [InstallHistogramName, InstallHistogram][]) {
    out.push(`# HELP ${name} ${h.help}`, `# TYPE ${name} histogram`);
    const mine = rows.filter((r) => r.metric === name);
    for (const value of [...new Set(mine.map((r) => r.label))].sort()) {
      const of = mine.filter((r) => r.label === value);
      const label = `${h.label}="${escapeLabel(value)}"`;
      for (const le of [...h.buckets, Infinity]) {
        const cumulative = of.filter((r) => r.le <= le).reduce((n, r) => n + r.count, 0);
        out.push(`${name}_bucket{le="${number(le)}",${label}} ${cumulative}`);
      }
      out.push(`${name}_sum{${label}} ${of.reduce((n, r) => n + r.sum, 0)}`);
      out.push(`${name}_count{${label}} ${of.reduce((n, r) => n + r.count, 0)}`);
    }
  }
  return out.join("\n") + "\n";
}

/** Reads and formats them (one query). */
export async function renderInstallHistograms(db: Db): Promise<string> {
  return formatInstallHistograms(await durationHistogramRows(db));
}
