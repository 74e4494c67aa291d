// The places that count call these (one line each), so they need not know prom-client.
import type { Db } from "@/db/client";
import { logger } from "@/lib/log/logger";
import { recordDuration } from "./install-histograms";
import { metrics } from "./registry";

/** An API request answered: counted by route pattern (not the raw path), method and status. */
export function observeRequest(route: string, method: string, status: number, startedAt: number): void {
  const m = metrics();
  const labels = { route, method, status: String(status) };
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
  if (status === 429) m.rateLimitRefusals.inc({ route });
}

/** Wraps a route handler so every answer it gives is observed under `route` (`/api/videos/{job_id}`). */
export function observed<A extends unknown[]>(route: string, method: string, fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    const startedAt = performance.now();
    const res = await fn(...args);
    observeRequest(route, method, res.status, startedAt);
    return res;
  };
}

/**
 * A module's step finished (in any process: the web process reads it from the database). Never
 * fails the module: a duration that cannot be stored is only logged.
 */
export async function observeModuleDuration(db: Db, module: string, seconds: number): Promise<void> {
  await recordDuration(db, "va_module_duration_seconds", module, seconds).catch((err: unknown) =>
    logger("metrics").warn({ err, module }, `recording the duration of ${module} failed`),
  );
}

/**
 * A run ended; `db` is the transaction that ends it, so it counts once, with the run's end. Never
 * keeps the run from ending: the write sits in a savepoint of its own, and one that fails (a full
 * disk cannot extend the histogram table) is rolled back alone and logged — the run still ends.
 */
export async function observeRunDuration(db: Db, outcome: "completed" | "failed", seconds: number): Promise<void> {
  await db
    .transaction((savepoint) => recordDuration(savepoint as Db, "va_run_duration_seconds", outcome, seconds))
    .catch((err: unknown) => logger("metrics").warn({ err, outcome }, `recording the run's duration failed`));
}

export function countModelProcessRestart(processName: string): void {
  metrics().modelProcessRestarts.inc({ process: processName });
}

export function countWebhookDelivery(outcome: "delivered" | "retry" | "failed"): void {
  metrics().webhookDeliveries.inc({ outcome });
}
