// A long video's run, split: the run plans its chunks (plan.ts) and has them analysed — by the
// embedded runner's chunk workers, which claim them from Postgres in every job process, or with
// Inngest by one invocation of process-video-chunk per chunk (the engine hands in `fanOut`). The
// embedded run works on them itself while it waits only where no chunk worker runs in its process
// (so one process alone still finishes, and none runs more chunks at once than its chunk worker's
// concurrency). When all are done it merges: the chunks' decode passes become the run's own
// (assemble.ts) and their transcripts one transcript; the run then goes on as an unsplit run over
// the whole video — shots, scenes, grouped shots, people, summary, embedding, usage once. A run
// splits only where two or more chunks can run at once (chunkSlots): on one process with one
// chunk slot the parts would run one after another, each with its own start-up, and the merge on top.
import fs from "node:fs";
import type { Db } from "@/db/client";
import { claimChunk, insertChunks, listChunks, type RunChunk } from "@/db/queries/run-chunks";
import { getRun, type Run } from "@/db/queries/runs";
import { deleteSegments } from "@/db/queries/segments";
import { UserFacingError } from "@/lib/core/public-error";
import { getStorage } from "@/lib/storage";
import { activeEngine } from "../engine";
import { emitEvent } from "@/lib/jobs/events";
import { PROVISIONAL_MODULES, type ModuleName } from "../modules/registry";
import { resultsPrefix } from "@/lib/storage/derived-files";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import type { MediaInfo } from "@/lib/media/probe";
import type { ModuleResult } from "../types";
import { assembleDecode, framesFile, mergeTranscripts } from "./assemble";
import { bundleKey, chunksPrefix, loadBundle } from "./bundle";
import { CHUNK_LEASE_MS, chunkOwner, chunkSlots, chunkWorker, runClaimedChunk, wakeChunkWorker, withChunkLease } from "./chunk-worker";
import { longEnoughToSplit, planChunks } from "./plan";
import { chunkSeconds, INNGEST_CHUNK_CONCURRENCY } from "./settings";

type StepFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/**
 * How an engine has the planned chunks of a run analysed: it returns once each has ended (completed,
 * failed or cancelled). Inngest's invokes one function per chunk; `media` is the run's probe, which
 * a chunk on another machine cannot read from the run's recorded steps there.
 */
export type ChunkFanOut = (params: { runId: string; count: number; media: MediaInfo }) => Promise<void>;

export interface ChunkedRunParams {
  run: Run;
  shared: SharedMedia;
  selected: readonly ModuleName[];
  step: StepFn;
  signal: AbortSignal;
  /** Throws when the run was cancelled. */
  checkpoint: () => Promise<void>;
  /** Given by the Inngest function; the embedded runner's chunk workers otherwise. */
  fanOut?: ChunkFanOut;
  /** Called once the run knows whether it splits (after the `chunks` step). */
  onPlanned?: () => void;
}

/**
 * Runs the chunks of a long video (nothing for a short one) and lays their merged decode pass in
 * the run's work directory. Returns the modules' results the chunks already made (the transcript).
 * Two steps: "chunks" plans them (a resumed run finds its chunks and their progress), "chunks-merge"
 * merges once all are done; the wait between them is no step, so an engine may fan out there.
 */
export async function runChunked(db: Db, p: ChunkedRunParams): Promise<Partial<Record<ModuleName, ModuleResult<unknown>>>> {
  const fanOut = p.fanOut ?? (activeEngine() === "embedded" ? () => helpAndWait(db, p) : null);
  if (!fanOut) return {};
  const { run, shared } = p;
  const load = (idx: number) => loadBundle(bundleKey(run.userId, run.jobId, run.id, idx));
  const planned = await p.step("chunks", async (): Promise<{ chunks: number }> => {
    const seconds = chunkSeconds();
    // A short video asks the database nothing more.
    if (!longEnoughToSplit(shared.media, seconds)) return { chunks: 0 };
    // A run resumed after planning goes on with the chunks it planned (another plan could differ:
    // the final round's halves follow the chunk slots live at the time).
    let plan: Pick<RunChunk, "idx" | "startTime" | "endTime">[] = await listChunks(db, run.id);
    if (!plan.length) {
      // Split only where two or more chunks run at once (Inngest's fan-out runs several): on a lone
      // process with one chunk slot, the parts run one after another and only add their cost.
      const slots = p.fanOut ? INNGEST_CHUNK_CONCURRENCY : await chunkSlots(db);
      if (!p.fanOut && slots < 2) return { chunks: 0 };
      const fresh = await planChunks(await shared.sourcePath(), shared.media, seconds, { signal: p.signal, slots });
      if (!fresh) return { chunks: 0 };
      await firstPlanning(db, run, p.selected);
      await insertChunks(db, { runId: run.id, jobId: run.jobId, userId: run.userId, chunks: fresh });
      plan = fresh;
    }
    await emitEvent(db, {
      runId: run.id,
      jobId: run.jobId,
      type: "chunks_planned",
      data: { chunks: plan.map((c) => ({ chunk: c.idx, start: c.startTime, end: c.endTime })) },
    });
    wakeChunkWorker();
    return { chunks: plan.length };
  });
  p.onPlanned?.();
  if (!planned.chunks) return {};
  await fanOut({ runId: run.id, count: planned.chunks, media: shared.media });
  await p.checkpoint();
  if (!allCompleted(await listChunks(db, run.id))) throw new Error("A part of the video was not analysed");
  let assembled = false;
  const merged = await p.step("chunks-merge", async (): Promise<{ transcription: ModuleResult<unknown> | null }> => {
    const { transcripts } = await assembleDecode(shared, planned.chunks, load);
    assembled = true;
    return { transcription: mergeTranscripts(transcripts) };
  });
  // A run resumed after the merge step on a machine without its work files lays them again — while
  // it runs: Inngest calls the function once more after its last step, when the run has completed
  // and its chunks' files are gone.
  if (!assembled && !fs.existsSync(framesFile(shared)) && (await getRun(db, run.id))?.status === "running") {
    await assembleDecode(shared, planned.chunks, load);
  }
  return merged.transcription ? { transcription: merged.transcription } : {};
}

/** True once every chunk is completed; throws the run's failure when one failed for good. */
export function allCompleted(chunks: readonly RunChunk[]): boolean {
  const failed = chunks.find((c) => c.status === "failed");
  if (failed) throw new UserFacingError(`Part ${failed.idx + 1} of ${chunks.length} of the video could not be analysed: ${failed.error ?? "unknown error"}`);
  return chunks.length > 0 && chunks.every((c) => c.status === "completed");
}

/** Before the first chunk shows its segments: an earlier run's chunk files and provisional modules' segments go. */
async function firstPlanning(db: Db, run: Run, selected: readonly ModuleName[]): Promise<void> {
  const storage = getStorage();
  const own = chunksPrefix(run.userId, run.jobId, run.id);
  for (const o of await storage.list(`${resultsPrefix(run.userId, run.jobId)}chunks/`)) {
    if (!o.key.startsWith(own)) await storage.delete(o.key);
  }
  // The modules whose segments the chunks show replace their earlier results from the first chunk on.
  for (const name of PROVISIONAL_MODULES) {
    if (selected.includes(name)) await deleteSegments(db, { userId: run.userId, jobId: run.jobId, module: name, keepEdited: true });
  }
}

/**
 * Waits until every chunk of the run is done. Where this process runs a chunk worker, that worker
 * (and every other process's) does the work: helping as well put two chunks on a one-core worker
 * beside one on the other (chunked-scaling: chunks 0 and 1 took 250–314 s, the rest 118–151 s).
 * Without one (a process that runs the runner alone), the run works on its own chunks.
 */
async function helpAndWait(db: Db, p: ChunkedRunParams): Promise<void> {
  const owner = chunkOwner();
  for (;;) {
    await p.checkpoint();
    if (allCompleted(await listChunks(db, p.run.id))) return;
    if (chunkWorker()?.claiming) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    const claimed = await claimChunk(db, { owner, leaseMs: CHUNK_LEASE_MS, runId: p.run.id });
    if (claimed) {
      await withChunkLease(db, claimed, owner, p.signal, (signal) => runClaimedChunk(db, claimed, owner, signal));
      continue;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
