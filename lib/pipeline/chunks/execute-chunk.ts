// One chunk of a long video's run, on whichever worker claimed it: decode its picture range (with
// the keyframe reads beside the pass, as a whole run does), transcribe its speech range, store
// the bundle the merge needs, and make what it found readable at once: its shots and transcript
// become provisional segments (searchable, with vectors) that the merge replaces, and a
// `chunk_completed` event says which range is done. Its work directory goes when it ends.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { completeChunk, listChunks, type RunChunk } from "@/db/queries/run-chunks";
import { getFinishedSteps, getRun } from "@/db/queries/runs";
import { editedSegments } from "@/db/queries/segment-edits";
import { insertSegments } from "@/db/queries/segments";
import { getVideoByJobId } from "@/db/queries/videos";
import type { DecodedFrames } from "@/lib/media/decode-frames";
import type { MediaInfo } from "@/lib/media/probe";
import { logger } from "@/lib/log/logger";
import { removeDerivedFilesIfVideoGone } from "@/lib/storage/derived-files";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { emitEvent } from "@/lib/jobs/events";
import { withoutEdited } from "../keep-edits";
import { executionOrder, isModuleName, PROVISIONAL_MODULES, readsFrames, type ModuleName } from "../modules/registry";
import { MODULE_RUNS } from "../modules/runs.generated";
import { visualReadAhead } from "../modules/visualelements/run";
import type { ReadableMedia } from "../readable-media";
import { workDirFor } from "@/lib/analysis/shared-media";
import type { ModuleContext, ModuleResult, SegmentDraft } from "../types";
import { shiftSegment } from "./assemble";
import { bundleKey, collectBundle, storeBundle } from "./bundle";
import { RangeMedia } from "./range-media";
import { withoutLead } from "./speech-lead";

const log = logger("chunks");

export function chunkWorkDir(jobId: string, runId: string, idx: number): string {
  return path.join(workDirFor(jobId), "chunks", `${runId}-${idx}`);
}

/** The run's probe (recorded by its `probe` step before it planned chunks). */
async function probedMedia(db: Db, runId: string): Promise<MediaInfo | null> {
  const probed = (await getFinishedSteps(db, runId)).get("probe") as ReadableMedia | MediaInfo | undefined;
  if (!probed) return null;
  return "media" in probed ? probed.media : probed;
}

/** `probe`: the run's probe when the caller has it (an Inngest invocation: its run's steps are not recorded here). */
export async function executeChunk(db: Db, chunk: RunChunk, owner: string, signal: AbortSignal, probe?: MediaInfo): Promise<void> {
  const run = await getRun(db, chunk.runId);
  if (!run || run.status !== "running") return;
  const video = await getVideoByJobId(db, { userId: run.userId, jobId: run.jobId });
  const media = probe ?? (await probedMedia(db, run.id));
  if (!video || !media) return;
  const selected = run.modules.filter(isModuleName);
  const order = executionOrder(selected);
  const chunks = await listChunks(db, run.id);
  const work = chunkWorkDir(run.jobId, run.id, chunk.idx);
  await fs.promises.rm(work, { recursive: true, force: true });
  const last = chunk.idx === chunks.length - 1;
  const range = new RangeMedia(run.jobId, video.storagePath, media, work, {
    start: chunk.startTime,
    end: chunk.endTime,
    speechStart: chunk.speechStart,
    speechEnd: chunk.speechEnd,
    last,
  });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    let decoded: DecodedFrames | null = null;
    if (media.video && order.some(readsFrames)) {
      const readAhead = order.includes("visualelements") ? visualReadAhead({ shared: range, media, signal }) : null;
      decoded = await range
        .frames({ onFrame: readAhead ? (f) => readAhead.frame(f) : undefined, onStill: readAhead ? (s) => readAhead.still(s) : undefined })
        .catch((err: unknown) => {
          readAhead?.stop();
          throw err;
        });
      readAhead?.finish();
      await readAhead?.settled();
    }
    const ctx = (duration: number): ModuleContext => ({
      video: { jobId: run.jobId, userId: run.userId, name: video.name, duration, storagePath: video.storagePath, initialPrompt: video.initialPrompt },
      media,
      shared: range,
      results: {},
      progress: () => {},
      signal,
    });
    // An embedded subtitle track is read whole by the merge; speech is heard here, range by range.
    let transcription: ModuleResult<unknown> | null = null;
    if (order.includes("transcription") && media.audio && !media.subtitles.length) {
      const heard = await MODULE_RUNS.transcription.run(ctx(chunk.speechEnd - range.audioStart));
      // What it heard in the lead before the range is the previous chunk's.
      const own = withoutLead(heard.segments, chunk.speechStart - range.audioStart);
      transcription = { ...heard, segments: own.map((s) => shiftSegment(s, range.audioStart)) };
    }
    const shots = decoded && order.includes("shots") ? inRange((await MODULE_RUNS.shots.run(ctx(media.duration))).segments, chunk) : [];
    signal.throwIfAborted();

    const bundle = await collectBundle(chunk.idx, range, decoded, transcription);
    const key = bundleKey(run.userId, run.jobId, run.id, chunk.idx);
    const bytes = await storeBundle(key, bundle);
    // A video deleted while this stored its bundle: the bundle goes with the rest of its files.
    if (await removeDerivedFilesIfVideoGone(db, { userId: run.userId, jobId: run.jobId, videoId: video.id })) return;

    const provisional: Partial<Record<ModuleName, SegmentDraft[]>> = { shots, transcription: transcription?.segments ?? [] };
    const cpu = process.cpuUsage(cpu0);
    const output = {
      bundle: key,
      bytes,
      frames: decoded?.frames.length ?? 0,
      stills: bundle.stills.length,
      reads: bundle.reads.length,
      seconds: Math.round(performance.now() - t0) / 1000,
      // This process's CPU while the chunk ran (its child processes — ffmpeg, models — not included).
      cpu_seconds: Math.round((cpu.user + cpu.system) / 1000) / 1000,
    };
    let inserted = 0;
    const finished = await db.transaction(async (tx) => {
      // Completing the chunk and showing its segments are one write: the merge, which replaces
      // every provisional segment, starts only once all chunks are completed.
      if (!(await completeChunk(tx, { chunkId: chunk.id, owner, output }))) return false;
      for (const name of PROVISIONAL_MODULES) {
        if (!selected.includes(name)) continue;
        const edited = await editedSegments(tx, { userId: run.userId, jobId: run.jobId, module: name });
        const fresh = withoutEdited(provisional[name] ?? [], (s) => ({ startTime: s.start_time, endTime: s.end_time }), edited);
        const rows = fresh.map((s) => ({
          videoId: video.id,
          jobId: run.jobId,
          userId: run.userId,
          module: name,
          content: s.content,
          startTime: s.start_time,
          endTime: s.end_time,
          metadata: JSON.stringify({ ...s.metadata, provisional: true, chunk: chunk.idx }),
        }));
        inserted += (await insertSegments(tx, rows)).length;
      }
      return true;
    });
    if (!finished) return;
    const done = (await listChunks(db, run.id)).filter((c) => c.status === "completed").length;
    await emitEvent(db, {
      runId: run.id,
      jobId: run.jobId,
      type: "chunk_completed",
      data: { chunk: chunk.idx, chunks: chunks.length, chunks_done: done, start: chunk.startTime, end: chunk.endTime, segments: inserted },
    });
    log.info({ jobId: run.jobId, chunk: chunk.idx, ...output }, `${run.jobId} chunk ${chunk.idx + 1}/${chunks.length} done in ${output.seconds} s`);
    if (inserted) {
      // Not under the lease's signal: the chunk is completed, so its next lease renewal fails and
      // aborts that signal, which cut most chunks' embedding short (their transcript was readable but
      // not searchable until the merge). This is a bounded piece of work; a run deleted meanwhile
      // only loses vectors of rows that are gone.
      await embedJobSegments(db, { userId: run.userId, jobId: run.jobId }).catch((err: unknown) =>
        log.warn({ jobId: run.jobId, err: (err as Error).message }, `${run.jobId} embedding chunk ${chunk.idx}'s segments failed (the merge embeds them)`),
      );
    }
  } finally {
    range.cleanup();
  }
}

/** A chunk's shots cut to its picture range (its last shot runs on into the next chunk). */
function inRange(segments: SegmentDraft[], chunk: RunChunk): SegmentDraft[] {
  return segments
    .filter((s) => s.start_time < chunk.endTime && s.end_time > chunk.startTime)
    .map((s) => ({ ...s, start_time: Math.max(s.start_time, chunk.startTime), end_time: Math.min(s.end_time, chunk.endTime) }));
}
