// `module_progress` events: what ModuleContext.progress reports, streamed to the event stream.
// Throttled per module (at most one a second, and only when the whole percent changed) so a long
// run stores a few hundred rows at most; 100 % is left to `module_completed`. Nothing once the run
// is cancelled.
import type { Db } from "@/db/client";
import { emitEvent } from "@/lib/jobs/events";
import { logger } from "@/lib/log/logger";

const log = logger("pipeline");

export type ProgressFn = (fraction: number, message?: string) => void;

export function progressReporter(
  db: Db,
  run: { runId: string; jobId: string; signal?: AbortSignal },
  minIntervalMs = 1000,
): (module: string) => ProgressFn {
  const last = new Map<string, { at: number; percent: number }>();
  return (module) => (fraction, message) => {
    // A cancelled run's work winding down reports nothing (its video may be gone).
    if (!Number.isFinite(fraction) || run.signal?.aborted) return;
    const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    const prev = last.get(module);
    const now = Date.now();
    if (prev && (percent <= prev.percent || now - prev.at < minIntervalMs)) return;
    last.set(module, { at: now, percent });
    const data: Record<string, unknown> = { module, percent, ...(message ? { message } : {}) };
    // Progress is best effort: a failed write must not fail the module.
    emitEvent(db, { runId: run.runId, jobId: run.jobId, type: "module_progress", data }).catch((err) =>
      log.warn({ err, jobId: run.jobId }, `progress event of ${run.jobId} failed`),
    );
  };
}
