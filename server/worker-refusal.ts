// Whether this process can be a worker, decided before the pipeline is loaded (so a refusal is quick).
import { activeEngine } from "@/lib/pipeline/engine";
import { env } from "@/lib/env";

/** Why this process cannot be a worker, in words an operator can act on; null when it can. */
export function workerRefusal(): string | null {
  if (!env().DATABASE_URL) {
    return (
      "a worker needs DATABASE_URL (a PostgreSQL server shared with the web processes). The embedded " +
      "database cannot be shared between processes: without DATABASE_URL, `npm start` runs the jobs itself."
    );
  }
  if (activeEngine() !== "embedded") {
    return "Inngest drives the pipeline (INNGEST_EVENT_KEY or INNGEST_DEV is set): it calls the web processes at /api/inngest, so a worker has nothing to run.";
  }
  if (env().RUNNER_CONCURRENCY === 0) return "RUNNER_CONCURRENCY=0 means no jobs: a worker needs at least 1.";
  return null;
}
