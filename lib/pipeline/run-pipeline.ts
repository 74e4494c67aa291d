// The processing pipeline, written once as named steps. An engine supplies `step`: the embedded
// runner records each finished step in Postgres so a restart resumes; Inngest memoizes it.
import "server-only";
import type { Db } from "@/db/client";
import { getRun } from "@/db/queries/runs";
import { editedSegments } from "@/db/queries/segment-edits";
import { deleteSegments, insertSegments } from "@/db/queries/segments";
import { withoutEdited } from "./keep-edits";
import { keptModuleResult } from "./kept-results";
import { deletePeopleNames, listPersonSegments } from "@/db/queries/people";
import { personThumbnailKey } from "@/lib/analysis/people/thumbnails";
import { getVideoByJobId, updateVideo } from "@/db/queries/videos";
import type { MediaInfo } from "@/lib/media/probe";
import { forPeople, UserFacingError } from "@/lib/core/public-error";
import { getStorage } from "@/lib/storage";
import { removeDerivedFilesIfVideoGone, removeStaleDerivedFiles } from "@/lib/storage/derived-files";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { currentEmbeddingModel } from "@/lib/ai/embeddings";
import { emitEvent } from "@/lib/jobs/events";
import { finalizeRun } from "./finalize-run";
import { hlsPrefix, renderHls, renderThumbnail } from "@/lib/playback/renditions";
import { executionOrder, isModuleName, MODULE_DEPENDENCIES, readsEveryResult, readsFrames, type ModuleName } from "./modules/registry";
import { progressReporter } from "./progress";
import { runTaskGraph, type GraphTask } from "./task-graph";
import { MODULE_RUNS } from "./modules/runs.generated";
import { visualReadAhead } from "./modules/visualelements/run";
import { SharedMedia } from "@/lib/analysis/shared-media";
import { runChunked, type ChunkFanOut } from "./chunks/run-chunked";
import { assertFramesDecoded, probeReadable, truncationNote, type ReadableMedia } from "./readable-media";
import { storyboardStep } from "@/lib/playback/storyboard";
import { observeModuleDuration } from "@/lib/metrics/observe";
import type { ModuleResult, ModuleResults } from "./types";
import { logger } from "@/lib/log/logger";

const log = logger("pipeline");

export type StepFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export class RunCancelledError extends Error {
  constructor() {
    super("run cancelled");
  }
}

interface StoredModuleStep {
  kept: number;
  notes: string[];
  data: unknown;
  segments?: ModuleResult["segments"];
}

/** `fanOut`: how the engine has a long video's chunks analysed (Inngest's invocations); the chunk workers without it. */
export async function runPipeline(db: Db, runId: string, step: StepFn, signal: AbortSignal, fanOut?: ChunkFanOut): Promise<void> {
  const run = await getRun(db, runId);
  if (!run || run.status === "cancelled") throw new RunCancelledError();
  const video = await getVideoByJobId(db, { userId: run.userId, jobId: run.jobId });
  if (!video) throw new RunCancelledError();
  const selected = run.modules.filter(isModuleName);
  const checkpoint = async () => {
    const now = await getRun(db, runId);
    if (!now || now.status === "cancelled" || signal.aborted) throw new RunCancelledError();
  };

  // Every step's wall time in the server log (only steps that ran here, not replayed ones); a
  // module's run also goes into the module-duration histogram (runModule below).
  const timed: StepFn = (name, fn) =>
    step(name, async () => {
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        const ms = Math.round(performance.now() - t0);
        log.info({ jobId: run.jobId, runId, step: name, ms }, `${run.jobId} step ${name} ${ms} ms`);
      }
    });
  const progressOf = progressReporter(db, { runId, jobId: run.jobId, signal });

  await timed("begin", async () => {
    await updateVideo(db, { userId: run.userId, jobId: run.jobId, set: { status: "processing" }, fromStatuses: ["queued", "processing"] });
    return null;
  });
  // The probe, cut to what the file really holds (readable-media.ts): a file that ends early is
  // analysed up to its end, and the video's duration says how much that was.
  const probed = (await timed("probe", async () => {
    const storage = getStorage();
    if (!(await storage.stat(video.storagePath))) throw new UserFacingError("The video file is no longer in storage: upload it again");
    const readable = await storage.withLocalFile(video.storagePath, (file) => probeReadable(file, signal));
    if (readable.declaredDuration !== null) {
      await updateVideo(db, { userId: run.userId, jobId: run.jobId, set: { duration: readable.media.duration } });
    }
    return readable;
  })) as ReadableMedia | MediaInfo;
  // (A run resumed from before readable-media recorded the bare probe.)
  const { media, declaredDuration } = "media" in probed ? probed : { media: probed, declaredDuration: null };
  const shared = new SharedMedia(run.jobId, video.storagePath, media);
  const owner = { userId: run.userId, jobId: run.jobId, videoId: video.id };
  // A writer that outlives its video's deletion (a step winding down after the run was cancelled,
  // here or in another process) removes what it stored: it looks once its files are in storage.
  const storingFiles = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      await removeDerivedFilesIfVideoGone(db, owner);
    }
  };

  // writtenPrefixes: the derived folders this run wrote, kept at the end like writtenKeys below.
  const writtenPrefixes: string[] = [];
  const hlsStep = () =>
    timed("hls", () => storingFiles(() => renderHls({ shared, userId: run.userId, jobId: run.jobId }))).then((hls) => {
      if (hls) writtenPrefixes.push(hlsPrefix(run.userId, run.jobId));
    });
  // The HLS rendition needs only the file: with the embedded runner it starts once the run is
  // planned, so a long video renders it beside its chunks instead of in the merge's tail
  // (chunked-scaling: 11 s of the merge's one core) — and not beside the planning, which the other
  // workers wait for (it took the plan from about 3 to 8.6 s). Under Inngest it stays a task of
  // the graph below: started beside the chunks step, Inngest's test engine ran the merge step twice
  // at once (not tried on a real Inngest).
  const early: { hls: Promise<void> | null } = { hls: null };
  const startHlsEarly = () => {
    if (fanOut || early.hls) return;
    early.hls = hlsStep();
    // (Awaited below; a failure before that is not an unhandled rejection.)
    early.hls.catch(() => undefined);
  };
  // A long video is analysed in chunks by any worker first (chunks/run-chunked.ts); what they made
  // stands in for the decode pass and for the modules they ran. A run that stops there (cancelled, a
  // chunk failed) lets the early HLS step end first, as the task graph does with its tasks in
  // flight: no step of the run writes after it has ended.
  const fromChunks = await runChunked(db, { run, shared, selected, step: timed, signal, checkpoint, fanOut, onPlanned: startHlsEarly }).catch(async (err: unknown) => {
    await early.hls?.catch(() => undefined);
    throw err;
  });
  const order = executionOrder(selected);
  // Each module's result as its step record keeps it (JSON): the `data` a module returned, so of its Output type.
  const results: Partial<Record<ModuleName, ModuleResult<unknown>>> = {};
  let storyboardNote: string | undefined;
  // The derived files this run wrote (also when replayed from recorded steps): what a completed
  // run keeps under results/<user_id>/<job_id>/.
  const writtenKeys: string[] = [];
  // Vectors for each module's segments as soon as they land, beside the rest of the run (one batch
  // at a time). Best effort and idempotent: the embed step still embeds whatever has no vector
  // (everything, after a resume or when this failed), so it is only a shorter tail.
  let earlyEmbeds: Promise<unknown> = Promise.resolve();
  const embedSoon = () => {
    earlyEmbeds = earlyEmbeds
      .then(() => (signal.aborted ? null : embedJobSegments(db, { userId: run.userId, jobId: run.jobId, signal })))
      .catch((err: unknown) => {
        if (!signal.aborted) log.warn({ jobId: run.jobId, err: (err as Error).message }, `${run.jobId} early embedding failed (the embed step retries)`);
      });
  };

  const runModule = async (name: ModuleName) => {
    await checkpoint();
    const stored = (await timed(`module:${name}`, async () => {
      const isSelected = selected.includes(name);
      // A prerequisite whose results an additive run kept is not run again (kept-results.ts).
      const kept = isSelected ? null : await keptModuleResult(db, { userId: run.userId, jobId: run.jobId, module: name });
      if (kept) return { kept: 0, notes: [], data: null, segments: kept.segments } satisfies StoredModuleStep;
      const t0 = performance.now();
      await emitEvent(db, { runId, jobId: run.jobId, type: "module_started", data: { module: name, selected: isSelected } });
      const result: ModuleResult<unknown> = fromChunks[name] ?? await MODULE_RUNS[name].run({
        video: {
          jobId: run.jobId,
          userId: run.userId,
          name: video.name,
          duration: media.duration || video.duration,
          storagePath: video.storagePath,
          initialPrompt: video.initialPrompt,
        },
        media,
        shared,
        results: results as ModuleResults,
        progress: progressOf(name),
        signal,
      });
      // A module that finished as its run was cancelled writes nothing (the runner no longer waits
      // for it, and a new run of the video may have started).
      if (signal.aborted) throw new RunCancelledError();
      let inserted = 0;
      if (isSelected) {
        // The owner's corrections stay (the reprocess request already removed them when told to discard them).
        // The segments replaced hand their vectors on by text: the transcript a chunked run's parts
        // embedded as each ended is not embedded again by the merge.
        const model = currentEmbeddingModel();
        const vectors = await deleteSegments(db, { userId: run.userId, jobId: run.jobId, module: name, keepEdited: true, vectorsOf: model });
        const edited = await editedSegments(db, { userId: run.userId, jobId: run.jobId, module: name });
        const fresh = withoutEdited(result.segments, (s) => ({ startTime: s.start_time, endTime: s.end_time }), edited);
        // visualelements groups people afresh: names given to the previous run's people go with them.
        if (name === "visualelements") await deletePeopleNames(db, { userId: run.userId, videoId: video.id });
        const rows = fresh.map((s) => ({
          videoId: video.id,
          jobId: run.jobId,
          userId: run.userId,
          module: name,
          content: s.content,
          startTime: s.start_time,
          endTime: s.end_time,
          metadata: JSON.stringify(s.metadata),
          ...(vectors.has(s.content) ? { embedding: vectors.get(s.content), embeddingModel: model } : {}),
        }));
        inserted = (await insertSegments(db, rows)).length;
      }
      // Notes are read by people: no paths, working files or system error codes (public-error.ts).
      const notes = (result.notes ?? []).map(forPeople);
      await emitEvent(db, {
        runId,
        jobId: run.jobId,
        type: "module_completed",
        data: { module: name, segments: inserted, ...(notes.length ? { notes } : {}) },
      });
      // In the database, so a web process reports the modules its workers ran (lib/metrics).
      await observeModuleDuration(db, name, (performance.now() - t0) / 1000);
      // The step record keeps the segments for the modules that build on this one (after a resume too).
      const out: StoredModuleStep = { kept: inserted, notes, data: result.data ?? null, segments: result.segments };
      return out;
    })) as StoredModuleStep;
    results[name] = { segments: stored.segments ?? [], notes: stored.notes, data: stored.data };
    if (stored.kept > 0) embedSoon();
  };

  // The steps as a graph: each starts once what it needs is done, so the decode pass, HLS and
  // speech run side by side, and modules that don't build on each other don't wait for each other.
  const tasks: Record<string, GraphTask> = {
    decode: {
      deps: [],
      run: async () => {
        await timed("decode", async () => {
          // One decode pass for every module that looks at frames: features, stills (keyframes,
          // thumbnail, storyboard). Audio comes on demand.
          // Keyframe reads (OCR, labels) start beside the pass, as its shots are found
          // (visualelements.ts); they go on after this step, and the module awaits the ones it needs.
          const report = progressOf("decode");
          const total = media.duration || video.duration;
          if (media.video) {
            const readAhead = order.includes("visualelements") ? visualReadAhead({ shared, media, signal }) : null;
            const decoded = await shared
              .frames({
                onTime: (t) => void (total > 0 && report(t / total, "Decoding frames")),
                onFrame: readAhead ? (f) => readAhead.frame(f) : undefined,
                onStill: readAhead ? (s) => readAhead.still(s) : undefined,
              })
              .catch((err: unknown) => {
                readAhead?.stop();
                throw err;
              });
            readAhead?.finish();
            assertFramesDecoded(media, decoded.frames.length);
            await emitEvent(db, { runId, jobId: run.jobId, type: "module_progress", data: { module: "decode", percent: 100, message: "Decoded" } });
          }
          return null;
        });
        await checkpoint();
      },
    },
    thumbnail: {
      deps: ["decode"],
      run: async () => {
        const renditions = await timed("thumbnail", async () => {
          // The storyboard (moment previews for the timeline and search hits) comes from the same
          // stills (loaded from the work dir after a resume); it never fails the step: a failure is
          // a note of the run.
          if (media.video) await shared.frames();
          // Both settle before the writers' check: neither may store a file after it.
          const [thumbnail, storyboard] = await storingFiles(() =>
            Promise.allSettled([
              renderThumbnail({ shared, userId: run.userId, jobId: run.jobId }),
              storyboardStep({ shared, userId: run.userId, jobId: run.jobId }),
            ]),
          );
          if (thumbnail.status === "rejected") throw thumbnail.reason;
          if (storyboard.status === "rejected") throw storyboard.reason;
          return { ...thumbnail.value, storyboard: storyboard.value };
        });
        // (A run resumed from before storyboards existed recorded `{ key }` or null for this step.)
        const made = renditions as Partial<typeof renditions> | null;
        storyboardNote = made?.storyboard?.note;
        for (const key of [made?.key, made?.storyboard?.storyboard?.imageKey, made?.storyboard?.storyboard?.vttKey]) if (key) writtenKeys.push(key);
      },
    },
    hls: { deps: [], run: () => early.hls ?? hlsStep() },
  };
  for (const name of order) {
    tasks[`module:${name}`] = { deps: moduleTaskDeps(name, order), run: () => runModule(name) };
  }
  await runTaskGraph(tasks);

  await checkpoint();
  await timed("embed", async () => {
    await earlyEmbeds;
    return embedJobSegments(db, { userId: run.userId, jobId: run.jobId });
  });
  await timed("finalize", async () => {
    const runNotes = declaredDuration !== null ? [truncationNote(media, declaredDuration)] : [];
    const notes = [...runNotes, ...order.flatMap((m) => (results[m]?.notes ?? []).map((n) => `${m}: ${n}`))];
    if (storyboardNote) notes.push(`storyboard: ${storyboardNote}`);
    // A reprocess replaces the earlier run's artefacts: what this run did not write goes. People's
    // pictures stay while a person segment (this run's, or a kept earlier run's) names them.
    writtenKeys.push(...(await peoplePictureKeys(db, run.userId, run.jobId)));
    await removeStaleDerivedFiles({ userId: run.userId, jobId: run.jobId, keepKeys: writtenKeys, keepPrefixes: writtenPrefixes }).catch((err: unknown) =>
      log.warn({ err, jobId: run.jobId }, `${run.jobId} removing an earlier run's files failed`),
    );
    await finalizeRun(db, { runId, notes, runNotes });
    shared.cleanup();
    return null;
  });
}

/** The pictures of the people the video's person segments name now. */
async function peoplePictureKeys(db: Db, userId: string, jobId: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const row of await listPersonSegments(db, { userId, jobId })) {
    try {
      const id = (JSON.parse(row.metadata ?? "{}") as { person_id?: unknown }).person_id;
      if (typeof id === "string") ids.add(id);
    } catch {
      // metadata that is not JSON names nobody
    }
  }
  return [...ids].map((id) => personThumbnailKey(userId, jobId, id));
}

/**
 * What a module's step waits for: its prerequisites, the decode pass when it reads frames (the
 * others start at once, beside it), and for a module that digests whatever else ran
 * (video_reasoning) every other module of the run. Both are said in the module's definition.
 */
export function moduleTaskDeps(name: ModuleName, order: readonly ModuleName[]): string[] {
  const deps = new Set<string>(MODULE_DEPENDENCIES[name].filter((d) => order.includes(d)).map((d) => `module:${d}`));
  if (readsFrames(name)) deps.add("decode");
  if (readsEveryResult(name)) for (const m of order) if (m !== name) deps.add(`module:${m}`);
  return [...deps];
}
