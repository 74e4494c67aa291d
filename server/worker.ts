// A worker process (`npm run worker`, scripts/worker.ts): the embedded runner, the recovery of runs
// whose process died, the model processes it forks on demand and the webhook deliveries of the
// events it writes; no HTTP. It shares a PostgreSQL server (DATABASE_URL) and the storage with the
// web processes (RUNNER_CONCURRENCY=0), and stops like the server does (server/shutdown.ts).
import { getDbHandle, type DbHandle } from "@/db/client";
import { withoutPaths } from "@/lib/core/public-error";
import { errorCause } from "@/lib/core/error-facts";
import { storageDriverKind, getStorage } from "@/lib/storage";
import { startWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { logger } from "@/lib/log/logger";
import { startJobs } from "./jobs";
import { workerRefusal } from "./worker-refusal";
import { env } from "@/lib/env";

const log = logger("worker");

export class WorkerRefusedError extends Error {}

/** The server may still be starting (several machines booting together): try for about 10 s. */
async function openDatabase(tries = 20): Promise<DbHandle> {
  for (let i = 1; ; i++) {
    try {
      return await getDbHandle();
    } catch (err) {
      if (i >= tries) throw err;
      log.warn(`the database is not ready (${withoutPaths(errorCause(err))}); retrying (${i}/${tries - 1})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Opens (and migrates) the database and starts the runner; throws WorkerRefusedError when it cannot be one. */
export async function startWorker(): Promise<void> {
  const refusal = workerRefusal();
  if (refusal) throw new WorkerRefusedError(refusal);
  const t0 = Date.now();
  const handle = await openDatabase();
  log.info({ kind: handle.kind, ms: Date.now() - t0 }, `database ready (${handle.kind}: ${handle.location}) in ${Date.now() - t0} ms`);
  if (storageDriverKind() === "local") {
    log.warn("STORAGE_DRIVER=local: this worker must see the web processes' DATA_DIR/storage (same host or a shared file system); use S3 across machines");
  }
  if (env().APP_URL === `http://localhost:${env().PORT}`) {
    log.warn("APP_URL is not set: the links in the webhooks this worker sends point at localhost; set the public URL of the web processes");
  }
  getStorage();
  // This process writes the run events: it queues their webhooks and delivers them at once
  // (started before the runner, so the events of a resumed run are queued).
  startWebhookDispatcher(handle.db);
  await startJobs(handle);
  log.info({ pid: process.pid }, `worker ${process.pid} running jobs; no HTTP`);
}
