// The processing pipeline, written once as named steps. An engine supplies `step`: the embedded
// runner records each finished step in Postgres so a restart resumes; Inngest memoizes it.
import "server-only";
import type { Db } from "@/db/client";
import { getRun } from "@/db/queries/runs";
import { deleteSegments, insertSegments } from "@/db/queries/segments";
import { getVideoByJobId, updateVideo } from "@/db/queries/videos";
import { probeMedia, type MediaInfo } from "@/lib/media/probe";
import { getStorage } from "@/lib/storage";
import { embedJobSegments } from "./embed-step";
import { emitEvent } from "./events";
import { finalizeRun } from "./finalize-run";
import { renderHls, renderThumbnail } from "./renditions";
import { executionOrder, type ModuleName } from "./module-names";
import { MODULES } from "./modules";
import { SharedMedia } from "./shared-media";
import { storyboardStep } from "./storyboard";
import type { ModuleResult } from "./types";

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

export async function runPipeline(db: Db, runId: string, step: StepFn, signal: AbortSignal): Promise<void> {
  const run = await getRun(db, runId);
  if (!run || run.status === "cancelled") throw new RunCancelledError();
  const video = await getVideoByJobId(db, { userId: run.userId, jobId: run.jobId });
  if (!video) throw new RunCancelledError();
  const selected = JSON.parse(run.modules) as ModuleName[];
  const checkpoint = async () => {
    const now = await getRun(db, runId);
    if (!now || now.status === "cancelled" || signal.aborted) throw new RunCancelledError();
  };

  await step("begin", async () => {
    await updateVideo(db, { userId: run.userId, jobId: run.jobId, set: { status: "processing" }, fromStatuses: ["queued", "processing"] });
    return null;
  });
  const media = (await step("probe", async () => {
    const storage = getStorage();
    if (!(await storage.stat(video.storagePath))) throw new Error(`The video file ${video.storagePath} is no longer in storage`);
    return storage.withLocalFile(video.storagePath, (file) => probeMedia(file));
  })) as MediaInfo;
  const shared = new SharedMedia(run.jobId, video.storagePath, media);
  const order = executionOrder(selected);

  await step("decode", async () => {
    // One decode pass for every module that looks at frames; audio and keyframes come on demand.
    if (media.video) await shared.frames();
    return null;
  });
  await checkpoint();
  const renditions = await step("thumbnail", async () => {
    // The storyboard (moment previews for the timeline and search hits) is made alongside, by its
    // own ffmpeg; it never fails the step: a failure is a note of the run.
    const [thumbnail, storyboard] = await Promise.all([
      renderThumbnail({ shared, userId: run.userId, jobId: run.jobId }),
      storyboardStep({ shared, userId: run.userId, jobId: run.jobId }),
    ]);
    return { ...thumbnail, storyboard };
  });
  // (A run resumed from before storyboards existed recorded `{ key }` or null for this step.)
  const storyboardNote = (renditions as Partial<typeof renditions> | null)?.storyboard?.note;
  await step("hls", () => renderHls({ shared, userId: run.userId, jobId: run.jobId }));

  const results: Partial<Record<ModuleName, ModuleResult>> = {};
  for (const name of order) {
    await checkpoint();
    const stored = (await step(`module:${name}`, async () => {
      const isSelected = selected.includes(name);
      await emitEvent(db, { runId, jobId: run.jobId, type: "module_started", data: { module: name, selected: isSelected } });
      const impl = MODULES[name];
      const result: ModuleResult = impl
        ? await impl.run({
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
            results,
            progress: () => {},
            signal,
          })
        : { segments: [], notes: [`The ${name} module is not available in this build`] };
      let kept = 0;
      if (isSelected) {
        await deleteSegments(db, { userId: run.userId, jobId: run.jobId, module: name });
        const rows = result.segments.map((s) => ({
          videoId: video.id,
          jobId: run.jobId,
          userId: run.userId,
          module: name,
          content: s.content,
          startTime: s.start_time,
          endTime: s.end_time,
          metadata: JSON.stringify(s.metadata),
        }));
        kept = (await insertSegments(db, rows)).length;
      }
      const notes = result.notes ?? [];
      await emitEvent(db, {
        runId,
        jobId: run.jobId,
        type: "module_completed",
        data: { module: name, segments: kept, ...(notes.length ? { notes } : {}) },
      });
      // The step record keeps the segments for the modules that build on this one (after a resume too).
      const out: StoredModuleStep = { kept, notes, data: result.data ?? null, segments: result.segments };
      return out;
    })) as StoredModuleStep;
    results[name] = { segments: stored.segments ?? [], notes: stored.notes, data: stored.data };
  }

  await checkpoint();
  await step("embed", () => embedJobSegments(db, { userId: run.userId, jobId: run.jobId }));
  await step("finalize", async () => {
    const notes = order.flatMap((m) => (results[m]?.notes ?? []).map((n) => `${m}: ${n}`));
    if (storyboardNote) notes.push(`storyboard: ${storyboardNote}`);
    await finalizeRun(db, { runId, notes });
    shared.cleanup();
    return null;
  });
}
