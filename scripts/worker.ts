// npm run worker: a process that runs jobs and serves no HTTP (server/worker.ts), for machines
// that only analyse, beside web processes started with RUNNER_CONCURRENCY=0 on the same PostgreSQL
// server and storage. npm runs `exec node --conditions=react-server --import tsx scripts/worker.ts`
// (the condition because server modules `import "server-only"`; `exec` so npm's signals reach it).
// SIGTERM/SIGINT hand its runs back and end it (and its model processes and ffmpeg children) within
// a few seconds; kill -9 leaves its runs to another worker once the lease lapses.
import { checkEnvOrExit } from "@/lib/env/check-env";
import { workerRefusal } from "@/server/worker-refusal";

function fail(text: string): never {
  console.error(`\n  The worker could not start: ${text}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  // A bad configuration value stops it with the variable's name, as it stops the web server.
  checkEnvOrExit();
  const refusal = workerRefusal();
  if (refusal) fail(refusal);
  // Loaded only once the refusal is ruled out: they bring the whole pipeline.
  const { installShutdownHandlers, shutdown } = await import("@/server/shutdown");
  const { startWorker } = await import("@/server/worker");
  installShutdownHandlers();
  // `npm run worker` execs this process in npm's place of child, so the SIGTERM/SIGINT that npm
  // forwards reach it; and if npm dies without forwarding (kill -9), this process goes too.
  if (process.env.npm_lifecycle_event === "worker") {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void shutdown("npm exited");
    }, 1_000).unref();
  }
  // The runner's and dispatcher's timers do not hold the event loop (a web process's server does
  // that): this one does, until a signal ends the process.
  setInterval(() => {}, 1 << 30);
  await startWorker();
}

main().catch(async (err) => {
  const { withoutPaths } = await import("@/lib/core/public-error");
  const { errorCause } = await import("@/lib/core/error-facts");
  fail(withoutPaths(errorCause(err)));
});
