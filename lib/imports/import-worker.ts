// Runs imports by URL in the app process: claims import runs (`processing_runs` with engine
// `import`) like the embedded runner claims its own — FOR UPDATE SKIP LOCKED, a renewed lease,
// taken over when its process died (at once at start-up), failed after 3 claims — fetches the
// file with progress events, stores and probes it, then queues it like an upload.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { getImport, markImported, markImportFailed } from "@/db/queries/imports";
import { insertNotification } from "@/db/queries/notifications";
import { claimRun, expireLeases, finishRun, getRun, renewLease, type Run } from "@/db/queries/runs";
import { getVideoByJobId } from "@/db/queries/videos";
import { clientErrorOf } from "@/lib/storage/errors";
import { publicErrorText } from "@/lib/core/public-error";
import { probeVideo } from "@/lib/media/probe";
import { runFailedMessage } from "@/lib/notifications/run-messages";
import { emitEvent } from "@/lib/jobs/events";
import { knownModules, queueProcessing } from "@/lib/videos/queue-processing";
import { LeasedWorker } from "@/lib/jobs/leased-worker";
import { processSingleton } from "@/lib/core/process-singleton";
import { getStorage } from "@/lib/storage";
import { contentTypeFor } from "@/lib/storage/content-types";
import { MAX_UPLOAD_BYTES } from "@/lib/core/storage-limits";
import { fetchToFile, ImportError } from "./fetch-url";
import { logger } from "@/lib/log/logger";
import { env } from "@/lib/env";

const log = logger("imports");

export const IMPORT_ENGINE = "import";
export const IMPORT_LEASE_MS = 15_000;
const MAX_ATTEMPTS = 3;
/** At most one progress event per this many ms (plus the first and the last). */
const PROGRESS_EVERY_MS = 1_000;

const importWorkDir = (runId: string) => path.join(env().DATA_DIR, "import-work", runId);

/** The import ends: the video `failed` with the reason, a notification and the stream's `done`. */
async function failImport(db: Db, run: Run, error: unknown): Promise<void> {
  const text = publicErrorText(error);
  const video = await db.transaction(async (tx) => {
    const v = await markImportFailed(tx, { userId: run.userId, jobId: run.jobId, error: text });
    const current = await getRun(tx, run.id);
    if (current && ["queued", "running"].includes(current.status)) await finishRun(tx, { runId: run.id, status: "failed", error: text });
    if (v) await insertNotification(tx, { userId: run.userId, title: "Import failed", message: runFailedMessage({ name: v.name, jobId: v.jobId, error: text }), type: "error" });
    return v;
  });
  if (video) await emitEvent(db, { runId: run.id, jobId: run.jobId, type: "done", data: { status: "failed", error: text } });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}

export async function executeImport(db: Db, run: Run, signal: AbortSignal): Promise<void> {
  if (run.attempts > MAX_ATTEMPTS) return failImport(db, run, `The import was interrupted ${run.attempts - 1} times; giving up`);
  const request = await getImport(db, run.id);
  const video = await getVideoByJobId(db, { userId: run.userId, jobId: run.jobId });
  if (!request || !video || video.status !== "importing") {
    await finishRun(db, { runId: run.id, status: "cancelled" });
    return;
  }
  const work = importWorkDir(run.id);
  const file = path.join(work, "download");
  try {
    await fs.promises.rm(work, { recursive: true, force: true });
    await fs.promises.mkdir(work, { recursive: true });
    let last = 0;
    let pending: Promise<void> = Promise.resolve();
    const progress = (bytes: number, total: number | null, force = false) => {
      const now = Date.now();
      if (!force && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      const data = { bytes, total, percent: total ? Math.min(100, Math.floor((bytes / total) * 100)) : null };
      pending = pending.then(() => emitEvent(db, { runId: run.id, jobId: run.jobId, type: "import_progress", data })).catch(() => {});
    };
    progress(0, null, true);
    const fetched = await fetchToFile(request.url, file, { maxBytes: MAX_UPLOAD_BYTES, signal, onProgress: (b, t) => progress(b, t) });
    progress(fetched.bytes, fetched.bytes, true);
    await pending;
    const info = await probeVideo(file);
    if (!info) throw new ImportError("The file at the URL is not a readable video");
    await getStorage().putFile(video.storagePath, file, fetched.contentType.startsWith("video/") ? fetched.contentType : contentTypeFor(video.storagePath));
    const imported = await markImported(db, { userId: run.userId, jobId: run.jobId, duration: info.duration, fileSize: fetched.bytes });
    if (!imported) return; // deleted meanwhile
    await finishRun(db, { runId: run.id, status: "completed" });
    try {
      await queueProcessing(db, {
        userId: run.userId,
        jobId: run.jobId,
        kind: "start",
        modules: knownModules(request.modules, "modules"),
        initialPrompt: request.initialPrompt ?? undefined,
      });
    } catch (err) {
      const known = clientErrorOf(err);
      if (!known) throw err;
      await failImport(db, run, known.detail);
    }
  } catch (err) {
    if (signal.aborted) return; // deleted, or this process is stopping (its lease is handed back)
    if (err instanceof ImportError) {
      // The address's host only: its path and query may hold a token.
      const host = hostOf(request.url);
      log.warn({ jobId: run.jobId, host, reason: err.message }, `${run.jobId} import from ${host} failed: ${err.message}`);
    } else {
      log.error({ err, jobId: run.jobId }, `${run.jobId} import failed`);
    }
    await failImport(db, run, err);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true }).catch(() => {});
  }
}

export type ImportWorker = LeasedWorker<Run>;

const holder = processSingleton<{ worker?: ImportWorker }>("__vaImportWorker", () => ({}));

export function startImportWorker(db: Db, opts: { concurrency?: number; pollMs?: number } = {}): ImportWorker {
  holder.worker ??= new LeasedWorker<Run>({
    name: "imports",
    concurrency: opts.concurrency ?? 2,
    leaseMs: IMPORT_LEASE_MS,
    pollMs: opts.pollMs ?? 1_000,
    claim: (owner, leaseMs) => claimRun(db, { owner, leaseMs, engine: IMPORT_ENGINE }),
    renew: (id, owner, leaseMs) => renewLease(db, { runId: id, owner, leaseMs }),
    release: (ids, refund) => expireLeases(db, { runIds: ids, refund }),
    execute: (run, _owner, signal) => executeImport(db, run, signal),
  }).start();
  return holder.worker;
}

export function importWorker(): ImportWorker | undefined {
  return holder.worker;
}

export function wakeImportWorkers(): void {
  void holder.worker?.tick();
}
