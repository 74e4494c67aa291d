// A worker process (`npm run worker`, scripts/worker.ts): the embedded runner, the recovery of runs
// whose process died, the model processes it forks on demand and the webhook deliveries of the
// events it writes; no HTTP. It shares a PostgreSQL server (DATABASE_URL) and the storage with the
// web processes (RUNNER_CONCURRENCY=0), and stops like the server does (lib/server/shutdown.ts).
import { getDbHandle, type DbHandle } from "@/db/client";
import { withoutPaths } from "@/lib/api/public-error";
import { storageDriverKind, getStorage } from "@/lib/storage";
import { startWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { startJobs } from "./jobs";
import { workerRefusal } from "./worker-refusal";

export class WorkerRefusedError extends Error {}

/** The server may still be starting (several machines booting together): try for about 10 s. */
async function openDatabase(log: (line: string) => void, tries = 20): Promise<DbHandle> {
  for (let i = 1; ; i++) {
    try {
      return await getDbHandle();
    } catch (err) {
      if (i >= tries) throw err;
      log(`[worker] the database is not ready (${withoutPaths((err as Error).message || String(err))}); retrying (${i}/${tries - 1})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Opens (and migrates) the database and starts the runner; throws WorkerRefusedError when it cannot be one. */
export async function startWorker(log: (line: string) => void = console.log): Promise<void> {
  const refusal = workerRefusal();
  if (refusal) throw new WorkerRefusedError(refusal);
  const t0 = Date.now();
  const handle = await openDatabase(log);
  log(`[worker] database ready (${handle.kind}: ${handle.location}) in ${Date.now() - t0} ms`);
  if (storageDriverKind() === "local") {
    log("[worker] STORAGE_DRIVER=local: this worker must see the web processes' DATA_DIR/storage (same host or a shared file system); use S3 across machines");
  }
  if (!process.env.APP_URL) {
    log("[worker] APP_URL is not set: the links in the webhooks this worker sends point at localhost; set the public URL of the web processes");
  }
  getStorage();
  await startJobs(handle, log);
  // This process writes the run events: it delivers the webhooks they queue at once.
  startWebhookDispatcher(handle.db);
  log(`[worker] pid ${process.pid} running jobs; no HTTP`);
}
