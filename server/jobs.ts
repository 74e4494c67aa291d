// The job side of a process: the clip and import workers, the embedded runner (after taking over the runs of a dead process and
// clearing leftover work files) and the background re-embedding. A web process runs it unless
// RUNNER_CONCURRENCY=0 (web only: HTTP, no jobs); a worker process (`npm run worker`) runs it always.
import type { DbHandle } from "@/db/client";
import { logger } from "@/lib/log/logger";
import { activeEngine } from "@/lib/pipeline/engine";
import { startEmbeddedRunner, type EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { startChunkWorker } from "@/lib/pipeline/chunks/chunk-worker";
import { recoverOrphanedRuns, sweepWorkDirs } from "@/lib/jobs/recover-runs";
import { startReembedding } from "@/lib/search/reembed";
import { recoverOrphanedClips } from "@/lib/clips/recover-clips";
import { startClipWorker } from "@/lib/clips/clip-worker";
import { recoverOrphanedImports } from "@/lib/imports/recover-imports";
import { startImportWorker } from "@/lib/imports/import-worker";
import { env } from "@/lib/env";

const log = logger("boot");

/** RUNNER_CONCURRENCY=0: this process serves HTTP and runs no jobs (worker processes do). */
export function isWebOnly(): boolean {
  return env().RUNNER_CONCURRENCY === 0;
}

/** Starts the embedded runner (unless Inngest drives the pipeline or this process is web only). */
export async function startJobs(handle: DbHandle): Promise<EmbeddedRunner | null> {
  if (isWebOnly()) {
    if (handle.kind === "pglite") {
      log.warn("RUNNER_CONCURRENCY=0 with the embedded database: no process will run jobs (a worker needs DATABASE_URL)");
    } else {
      log.info("RUNNER_CONCURRENCY=0: this process serves HTTP and runs no jobs (worker processes do)");
    }
    return null;
  }
  // Vectors made by another embedding model than the configured one are re-embedded in the background.
  startReembedding(handle.db);
  // Clips are cut and imports fetched by job processes whichever engine runs the pipeline; those of
  // a process that died are taken over at once.
  const exclusive = handle.kind === "pglite";
  const clipsRecovered = await recoverOrphanedClips(handle.db, { exclusive });
  if (clipsRecovered) log.info({ clips: clipsRecovered }, `resuming ${clipsRecovered} interrupted clip(s) now`);
  startClipWorker(handle.db);
  const importsRecovered = await recoverOrphanedImports(handle.db, { exclusive });
  if (importsRecovered) log.info({ imports: importsRecovered }, `resuming ${importsRecovered} interrupted import(s) now`);
  startImportWorker(handle.db);
  if (activeEngine() !== "embedded") return null;
  const recovered = await recoverOrphanedRuns(handle.db, { exclusive: handle.kind === "pglite" });
  if (recovered) log.info({ runs: recovered }, `resuming ${recovered} interrupted run(s) now`);
  const swept = await sweepWorkDirs(handle.db);
  if (swept) log.info({ runs: swept }, `removed work files of ${swept} ended run(s)`);
  const runner = startEmbeddedRunner(handle.db);
  // Chunks of long videos' runs, whichever process's run planned them (lib/pipeline/chunks).
  startChunkWorker(handle.db, { concurrency: runner.concurrency });
  log.info({ concurrency: runner.concurrency }, `embedded job runner started (concurrency ${runner.concurrency})`);
  return runner;
}
