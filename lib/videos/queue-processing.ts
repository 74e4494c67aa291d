// Queues a processing run of a video: one function behind start, process, reprocess and
// register-and-process. The state check, the allowance check and the queueing happen in one
// transaction holding the user's profile row, so concurrent starts cannot both win or overspend.
import type { Db } from "@/db/client";
import { cancelActiveRuns, insertRun } from "@/db/queries/runs";
import { deleteVideoChapters } from "@/db/queries/chapters";
import { deleteSegments } from "@/db/queries/segments";
import { getVideoByJobId, updateVideo, type VideoStatus } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { ApiError, badRequest, conflict, notFound } from "@/lib/core/errors";
import { DEFAULT_MODULES, isModuleName, MODULE_NAMES, type ModuleName } from "@/lib/pipeline/modules/registry";
import { activeEngine, notifyRunQueued } from "@/lib/pipeline/engine";
import { QueueUnavailableError } from "@/lib/jobs/queue-unavailable-error";
import { assertAllowance } from "@/lib/usage/allowance";
import { refreshProbe } from "./refresh-probe";

export type QueueKind = "start" | "process" | "reprocess";

const ALLOWED_FROM: Record<QueueKind, VideoStatus[]> = {
  start: ["uploaded", "failed"],
  process: ["uploaded", "completed", "failed"],
  reprocess: ["uploaded", "completed", "failed"],
};

export interface QueueOptions {
  userId: string;
  jobId: string;
  kind: QueueKind;
  /** Undefined or empty: the video's current selection, else all modules. */
  modules?: ModuleName[];
  initialPrompt?: string;
  storagePath?: string;
  /** Process and reprocess keep the owner's corrected segments and chapter titles unless this is true. */
  discardEdits?: boolean;
  /**
   * Process only: add modules. The given modules run (their results replaced); every other
   * module's segments stay, and the video's selection becomes both lists together.
   */
  keepOtherResults?: boolean;
}

/** Parses `selected_insights` (JSON text of module names). */
export function parseSelectedInsights(text: string | undefined, field = "selected_insights"): ModuleName[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(`${field}: must be JSON text of an array of module names`);
  }
  if (!Array.isArray(value) || value.some((m) => typeof m !== "string")) {
    throw badRequest(`${field}: must be JSON text of an array of module names`);
  }
  return knownModules(value as string[], field);
}

/** The names as modules of this build; a name no module has (say, stored before one was removed) is a 400. */
export function knownModules(names: readonly string[], field: string): ModuleName[] {
  const unknown = names.find((m) => !isModuleName(m));
  if (unknown !== undefined) throw badRequest(`${field}: unknown module "${unknown}" (one of ${MODULE_NAMES.join(", ")})`);
  return names as ModuleName[];
}

function chooseModules(requested: ModuleName[] | undefined, video: Video): ModuleName[] {
  if (requested?.length) return [...new Set(requested)];
  const current = video.selectedInsights.filter(isModuleName);
  return current.length ? current : [...DEFAULT_MODULES];
}

function wrongState(kind: QueueKind, status: string): ApiError {
  return kind === "start"
    ? conflict(`Video must be uploaded or failed to start processing (current: ${status})`)
    : conflict("Video is already being processed");
}

export async function queueProcessing(db: Db, opts: QueueOptions): Promise<Video> {
  if (opts.keepOtherResults && opts.storagePath) {
    throw badRequest("keep_other_results cannot be combined with storage_path: the other modules' results are of the current file");
  }
  const engine = activeEngine();
  // A video registered before its file arrived has no duration yet: probe it before the
  // allowance check, so the 402 and the usage record count its real minutes.
  const before = await getVideoByJobId(db, { userId: opts.userId, jobId: opts.jobId });
  if (before && before.duration === 0 && ALLOWED_FROM[opts.kind].includes(before.status as VideoStatus)) {
    await refreshProbe(db, before);
  }
  const video = await db.transaction(async (tx) => {
    const current = await getVideoByJobId(tx, { userId: opts.userId, jobId: opts.jobId });
    if (!current) throw notFound("Video");
    if (!ALLOWED_FROM[opts.kind].includes(current.status as VideoStatus)) throw wrongState(opts.kind, current.status);
    await assertAllowance(tx, { userId: opts.userId, jobId: opts.jobId, durationSeconds: current.duration });
    const modules = chooseModules(opts.modules, current);
    const additive = opts.kind === "process" && !!opts.keepOtherResults;
    await cancelActiveRuns(tx, opts.jobId);
    if (additive) {
      for (const name of modules) await deleteSegments(tx, { userId: opts.userId, jobId: opts.jobId, module: name, keepEdited: !opts.discardEdits });
    } else if (opts.kind !== "start") {
      await deleteSegments(tx, { userId: opts.userId, jobId: opts.jobId, keepEdited: !opts.discardEdits });
      if (opts.discardEdits) await deleteVideoChapters(tx, { userId: opts.userId, videoId: current.id });
    }
    const updated = await updateVideo(tx, {
      userId: opts.userId,
      jobId: opts.jobId,
      fromStatuses: ALLOWED_FROM[opts.kind],
      set: {
        status: "queued",
        error: null,
        processingTime: null,
        selectedInsights: additive ? [...new Set([...current.selectedInsights.filter(isModuleName), ...modules])] : modules,
        ...(opts.initialPrompt !== undefined ? { initialPrompt: opts.initialPrompt } : {}),
        ...(opts.storagePath ? { storagePath: opts.storagePath } : {}),
      },
    });
    // The status filter makes the update itself the arbiter between concurrent starts.
    if (!updated) throw wrongState(opts.kind, "queued");
    await insertRun(tx, {
      videoId: updated.id,
      jobId: updated.jobId,
      userId: opts.userId,
      status: "queued",
      action: updated.runCount > 0 ? "reprocess" : "process",
      modules,
      engine,
    });
    return updated;
  });
  await notifyRunQueued(video.jobId).catch((err) => {
    throw err instanceof QueueUnavailableError ? new ApiError(503, err.message) : err;
  });
  return video;
}
