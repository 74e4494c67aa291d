// RUNNER_CONCURRENCY, on its own so a process can decide its role without loading the pipeline.
import os from "node:os";

/**
 * How many runs this process executes at once; 0 means none (a web-only process: it serves HTTP
 * and leaves the runs to worker processes). Unset: half the cores, at least 1.
 */
export function runnerConcurrency(): number {
  const raw = process.env.RUNNER_CONCURRENCY?.trim();
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 0 ? n : Math.max(1, Math.floor(os.availableParallelism() / 2));
}
