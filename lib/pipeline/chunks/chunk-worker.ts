// The chunk worker: in every job process beside the embedded runner, it claims chunks of any
// running run from Postgres (FOR UPDATE SKIP LOCKED) and runs them, renewing each lease while
// working. A process that dies mid-chunk costs that chunk only: its lease lapses and any worker
// claims it again (a chunk that keeps failing fails its run). A cancelled or deleted run's chunks
// lose their leases at the next renewal, and this process aborts its own at once. Each chunk
// worker beats in Postgres with its slots (chunk_workers): a run splits only where more than one
// chunk can run at once — on a lone process with one slot, chunks would only add their cost.
import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "@/db/client";
import { claimChunk, expireChunkLeases, failChunk, listChunks, renewChunkLease, type RunChunk } from "@/db/queries/run-chunks";
import { beatChunkWorker, liveChunkSlots, removeChunkWorker } from "@/db/queries/chunk-workers";
import { publicErrorText } from "@/lib/core/public-error";
import { identityToken } from "@/lib/core/process-identity";
import { processSingleton } from "@/lib/core/process-singleton";
import { withRunSignal } from "@/lib/core/run-context";
import { logger } from "@/lib/log/logger";
import type { MediaInfo } from "@/lib/media/probe";
import { onRunCancelled } from "@/lib/jobs/run-cancel";
import { LeasedWorker } from "@/lib/jobs/leased-worker";
import { executeChunk } from "./execute-chunk";

const log = logger("chunks");

export const CHUNK_LEASE_MS = 12_000;
/** How often a chunk worker records that it lives; three missed beats and it no longer counts. */
export const CHUNK_WORKER_BEAT_MS = 10_000;
const CHUNK_WORKER_FRESH_MS = 3 * CHUNK_WORKER_BEAT_MS;
/** A dead process's row is removed by the next worker that stops after this long. */
const CHUNK_WORKER_STALE_MS = 24 * 3600_000;
/** Claims of one chunk before it fails its run (a chunk that kills its worker every time). */
export const CHUNK_MAX_ATTEMPTS = 3;

/** Runs one claimed chunk; a failure queues it again (or fails it once out of attempts). */
export async function runClaimedChunk(db: Db, chunk: RunChunk, owner: string, signal: AbortSignal, media?: MediaInfo): Promise<void> {
  try {
    await withRunSignal(signal, () => executeChunk(db, chunk, owner, signal, media));
  } catch (err) {
    if (signal.aborted) return;
    log.error({ err, chunk: chunk.idx, runId: chunk.runId }, `chunk ${chunk.idx} of ${chunk.jobId} failed`);
    await failChunk(db, { chunkId: chunk.id, owner, error: publicErrorText(err), maxAttempts: CHUNK_MAX_ATTEMPTS });
  }
}

/** Runs `fn` holding the chunk's lease (renewed every quarter lease); aborts when the lease is lost. */
export async function withChunkLease(db: Db, chunk: RunChunk, owner: string, parent: AbortSignal, fn: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  parent.addEventListener("abort", abort, { once: true });
  const heartbeat = setInterval(async () => {
    try {
      if (!(await renewChunkLease(db, { chunkId: chunk.id, owner, leaseMs: CHUNK_LEASE_MS }))) controller.abort();
    } catch (err) {
      log.error({ err, chunk: chunk.id }, `renewing the lease of chunk ${chunk.id} failed`);
    }
  }, CHUNK_LEASE_MS / 4);
  heartbeat.unref();
  try {
    await fn(controller.signal);
  } finally {
    clearInterval(heartbeat);
    parent.removeEventListener("abort", abort);
  }
}

/**
 * One chunk named by its run and index, as an Inngest invocation runs it: claimed, run under its
 * lease, and its state returned once it has ended. A chunk queued again after a failure, or still
 * held by another claimer, throws, so Inngest retries the invocation (its retries match
 * CHUNK_MAX_ATTEMPTS); a chunk out of attempts ends `failed`, which fails its run.
 */
export async function runChunkByIndex(db: Db, params: { runId: string; idx: number; media: MediaInfo }): Promise<{ status: RunChunk["status"] }> {
  const owner = chunkOwner();
  const claimed = await claimChunk(db, { owner, leaseMs: CHUNK_LEASE_MS, runId: params.runId, idx: params.idx });
  if (claimed) {
    await withChunkLease(db, claimed, owner, new AbortController().signal, (signal) => runClaimedChunk(db, claimed, owner, signal, params.media));
  }
  const chunk = (await listChunks(db, params.runId)).find((c) => c.idx === params.idx);
  if (!chunk) return { status: "cancelled" }; // its run (and video) are gone
  if (chunk.status === "queued" || chunk.status === "running") {
    throw new Error(chunk.error ?? `Part ${params.idx + 1} of the video is still being analysed by another worker`);
  }
  return { status: chunk.status };
}

export function chunkOwner(): string {
  return `${os.hostname()}:${identityToken()}:${crypto.randomBytes(3).toString("hex")}`;
}

export type ChunkWorker = LeasedWorker<RunChunk>;

const holder = processSingleton<{ worker?: ChunkWorker; beat?: NodeJS.Timeout; db?: Db; jobs: Map<string, string> }>("__vaChunkWorker", () => ({
  jobs: new Map(),
}));

export function startChunkWorker(db: Db, opts: { concurrency?: number; pollMs?: number } = {}): ChunkWorker {
  if (holder.worker) return holder.worker;
  const worker = new LeasedWorker<RunChunk>({
    name: "chunks",
    concurrency: opts.concurrency ?? 1,
    leaseMs: CHUNK_LEASE_MS,
    pollMs: opts.pollMs ?? 1_000,
    claim: (owner, leaseMs) => claimChunk(db, { owner, leaseMs }),
    renew: (id, owner, leaseMs) => renewChunkLease(db, { chunkId: id, owner, leaseMs }),
    release: (ids, refund) => expireChunkLeases(db, { chunkIds: ids, refund }),
    execute: async (chunk, owner, signal) => {
      holder.jobs.set(chunk.id, chunk.jobId);
      try {
        await runClaimedChunk(db, chunk, owner, signal);
      } finally {
        holder.jobs.delete(chunk.id);
      }
    },
  });
  onRunCancelled((jobId) => {
    for (const [id, job] of holder.jobs) if (job === jobId) worker.cancel(id);
  });
  holder.worker = worker.start();
  holder.db = db;
  const beat = () =>
    beatChunkWorker(db, { owner: worker.owner, host: os.hostname(), pid: process.pid, slots: worker.concurrency }).catch((err: unknown) =>
      log.error({ err }, "recording the chunk worker's heartbeat failed"),
    );
  void beat();
  holder.beat = setInterval(beat, CHUNK_WORKER_BEAT_MS);
  holder.beat.unref();
  return worker;
}

/** Stops claiming, hands the chunks in hand back and takes this process off the live workers. */
export async function stopChunkWorker(): Promise<void> {
  const { worker, db } = holder;
  if (!worker || !db) return;
  clearInterval(holder.beat);
  holder.worker = undefined;
  await worker.shutdown();
  await removeChunkWorker(db, worker.owner, CHUNK_WORKER_STALE_MS);
}

/**
 * How many chunks can run at once: this process's chunk slots (while it claims) and those of the
 * other live processes. A run splits a long video only when it is two or more.
 */
export async function chunkSlots(db: Db): Promise<number> {
  const own = holder.worker?.claiming ? holder.worker.concurrency : 0;
  return own + (await liveChunkSlots(db, { freshMs: CHUNK_WORKER_FRESH_MS, exceptOwner: holder.worker?.owner }));
}

export function chunkWorker(): ChunkWorker | undefined {
  return holder.worker;
}

/** New chunks: this process's worker claims them now rather than at its next poll. */
export function wakeChunkWorker(): void {
  void holder.worker?.tick();
}
