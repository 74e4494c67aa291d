// SIGTERM / SIGINT (and the death of `npm start`'s process): hand running work back and leave
// within a few seconds: open SSE streams end with a `retry:` hint (clients reconnect with
// Last-Event-ID); every background loop stops and its query in flight settles (the runner aborts
// its pipelines, their ffmpeg children die with them, and releases its leases so the next process
// resumes at once; the webhook dispatcher, re-embedding and storage sweeps stop); only then are
// leftover children killed and the database closed (PGlite flushed, its lock released), so no
// loop meets a closed pool, and the process exits.
import fs from "node:fs";
import { closeDb } from "@/db/client";
import { embeddedRunner } from "@/lib/pipeline/embedded-runner";
import { endEventStreams } from "@/lib/jobs/event-stream";
import { settleEventHub } from "@/lib/jobs/event-hub";
import { clipWorker } from "@/lib/clips/clip-worker";
import { stopChunkWorker } from "@/lib/pipeline/chunks/chunk-worker";
import { importWorker } from "@/lib/imports/import-worker";
import { stopReembedding } from "@/lib/search/reembed";
import { stopMultipartSweeper } from "@/lib/storage/multipart-sweeper";
import { stopWebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";
import { env } from "@/lib/env";

const log = logger("shutdown");

const HARD_DEADLINE_MS = 8_000;
const state = processSingleton<{ installed?: boolean; stopping?: boolean }>("__vaShutdown", () => ({}));

/** Our direct child processes (Linux), to kill what no run signal reached. */
function childPids(): number[] {
  const out: number[] = [];
  let entries: string[] = [];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  for (const e of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid) out.push(Number(e));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

export async function shutdown(reason: string): Promise<void> {
  if (state.stopping) return;
  state.stopping = true;
  log.info({ reason }, `${reason}: releasing work and stopping`);
  setTimeout(() => process.exit(0), HARD_DEADLINE_MS).unref();
  const steps: [string, Promise<unknown> | undefined][] = [
    ["ending event streams", endEventStreams().then(settleEventHub)],
    ["releasing runs", embeddedRunner()?.shutdown()],
    ["releasing clips", clipWorker()?.shutdown()],
    ["releasing chunks", stopChunkWorker()],
    ["releasing imports", importWorker()?.shutdown()],
    ["stopping webhook deliveries", stopWebhookDispatcher()],
    ["stopping re-embedding", stopReembedding()],
    ["stopping storage sweeps", stopMultipartSweeper()],
  ];
  await Promise.all(
    steps.map(([what, step]) =>
      step?.catch((err: unknown) => {
        log.error({ err }, `${what} failed`);
      }),
    ),
  );
  for (const pid of childPids()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  try {
    await closeDb();
  } catch (err) {
    log.error({ err }, "closing the database failed");
  }
  process.exit(0);
}

/** Installs the signal handlers once (Next's own are off: start.mjs sets NEXT_MANUAL_SIG_HANDLE). */
export function installShutdownHandlers(): void {
  if (state.installed) return;
  state.installed = true;
  for (const sig of ["SIGTERM", "SIGINT"] as const) process.on(sig, () => void shutdown(sig));
  // `npm start` runs us as its child: when it dies (even by kill -9), we go too.
  const parent = env().VA_PARENT_PID;
  if (parent) {
    setInterval(() => {
      if (process.ppid !== parent) void shutdown("parent process exited");
    }, 250).unref();
  }
}
