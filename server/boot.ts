// What the app process does once at start-up: open and migrate the database, create the first
// local user on an empty instance, open the CLI's control socket, take over the runs of a dead
// process, clear leftovers, start the embedded runner and re-embed vectors of an earlier embedding
// model (unless Inngest drives the pipeline or RUNNER_CONCURRENCY=0: server/jobs.ts), and the
// webhook dispatcher. A worker process (`npm run worker`) boots through server/worker.ts instead.
import { getDbHandle } from "@/db/client";
import { DataDirBusyError } from "@/db/data-dir-lock";
import { DatabaseNewerError } from "@/db/schema-version";
import { countUsers } from "@/db/queries/users";
import { createUserWithKey } from "@/lib/users/create-user-with-key";
import { withoutPaths } from "@/lib/core/public-error";
import { errorCause } from "@/lib/core/error-facts";
import { getStorage } from "@/lib/storage";
import { startWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { startJobs } from "./jobs";
import { startControlSocket } from "./control-socket";
import { startMultipartSweeper } from "@/lib/storage/multipart-sweeper";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";
import { env } from "@/lib/env";
import { CLERK_PUBLISHABLE_KEY } from "@/lib/env/public";

const log = logger("boot");

/** `ready` once boot has finished: until then scripts/edge-guard.cjs answers /api/ping itself (Next holds requests while register() runs). */
const state = processSingleton<{ started?: Promise<void>; ready?: boolean }>("__vaBoot", () => ({}));

/** Boots once per process; a failed boot may be tried again. */
export function boot(): Promise<void> {
  state.started ??= run().then(
    () => {
      state.ready = true;
    },
    (err) => {
      state.started = undefined;
      throw err;
    },
  );
  return state.started;
}

/**
 * Boots, retrying for a while (a previous process may still be letting go of the data directory);
 * when it cannot, says why and exits non-zero rather than serving 500s forever.
 */
export async function bootOrExit(opts: { tries?: number; delayMs?: number } = {}): Promise<void> {
  const tries = opts.tries ?? 20;
  for (let i = 1; ; i++) {
    try {
      return await boot();
    } catch (err) {
      const text = err instanceof DataDirBusyError ? err.message : withoutPaths(errorCause(err));
      // A database newer than this build stays newer: say so at once.
      if (i >= tries || err instanceof DatabaseNewerError) {
        log.fatal({ attempts: i }, `the app could not start: ${text}`);
        // Also plainly on stderr: the last words of a process that exits, for whoever started it.
        console.error(`\n  The app could not start: ${text}\n`);
        process.exit(1);
      }
      log.warn(`start-up failed (${text}); retrying (${i}/${tries - 1})`);
      await new Promise((r) => setTimeout(r, opts.delayMs ?? 500));
    }
  }
}

/** The browser signs in with an API key unless Clerk's publishable key is built in. */
function browserUsesLocalSignIn(): boolean {
  return !CLERK_PUBLISHABLE_KEY;
}

async function run(): Promise<void> {
  const t0 = Date.now();
  const handle = await getDbHandle();
  log.info({ database: handle.kind, ms: Date.now() - t0 }, `database ready (${handle.kind}: ${handle.location}) in ${Date.now() - t0} ms`);
  if (handle.kind === "pglite") {
    await startControlSocket(env().DATA_DIR, async () => handle.db);
  }
  if (browserUsesLocalSignIn() && (await countUsers(handle.db)) === 0) {
    const { user_id, api_key } = await createUserWithKey(handle.db, {
      email: "local@localhost",
      name: "Local user",
      keyName: "first start",
    });
    // A banner for the person who started the app, not a log line: the key is shown once, on
    // stdout, and never goes through the logger (whose lines are shipped and kept).
    console.log(
      [
        "",
        "  First start: created the local user " + user_id,
        "  API key: " + api_key,
        "  (shown once; sign in with it in the browser, or send it as the Authorization header)",
        "",
      ].join("\n"),
    );
  }
  getStorage(); // the local driver sweeps partial uploads of dead processes when it is created
  startMultipartSweeper(handle.db);
  // Whichever engine runs the pipeline, this process queues the webhooks of the run events it
  // writes and delivers them: started before the runner, so the events of a resumed run are queued.
  startWebhookDispatcher(handle.db);
  // The runner and re-embedding, unless RUNNER_CONCURRENCY=0 (web only) or Inngest drives the pipeline.
  await startJobs(handle);
}
