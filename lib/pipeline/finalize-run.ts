// The end of a run, success or failure: the video's status, the usage record, the notification
// and the `done` event, written together.
import type { Db } from "@/db/client";
import { finishRun, getRun } from "@/db/queries/runs";
import { insertNotification } from "@/db/queries/notifications";
import { insertUsageRecord } from "@/db/queries/usage";
import { markVideoCompleted, markVideoFailed } from "@/db/queries/videos";
import { runCompletedMessage, runFailedMessage } from "@/lib/notifications/run-messages";
import { emitEvent } from "@/lib/jobs/events";
import { forPeople, publicErrorText } from "@/lib/core/public-error";
import { observeRunDuration } from "@/lib/metrics/observe";

function secondsSince(d: Date | null): number {
  return d ? Math.max(0, (Date.now() - d.getTime()) / 1000) : 0;
}

/**
 * `notes` go into the notification (modules' notes prefixed with their name); `runNotes`, about the
 * whole run (a file that ends early), also into the `done` event, where the results page reads them.
 */
export async function finalizeRun(db: Db, params: { runId: string; notes: string[]; runNotes?: string[] }): Promise<void> {
  const run = await getRun(db, params.runId);
  if (!run || run.status !== "running") return;
  const processingTime = Math.round(secondsSince(run.startedAt) * 1000) / 1000;
  const done = await db.transaction(async (tx) => {
    const video = await markVideoCompleted(tx, { jobId: run.jobId, processingTime });
    if (!video) return null;
    await insertUsageRecord(tx, {
      userId: run.userId,
      jobId: run.jobId,
      action: run.action,
      durationMinutes: video.duration / 60,
      processingTime,
      modules: run.modules,
    });
    await insertNotification(tx, {
      userId: run.userId,
      title: "Processing complete",
      message: runCompletedMessage({ name: video.name, jobId: video.jobId, processingTime, notes: params.notes.map(forPeople) }),
      type: "success",
    });
    await finishRun(tx, { runId: run.id, status: "completed" });
    await observeRunDuration(tx, "completed", secondsSince(run.startedAt));
    return video;
  });
  const runNotes = (params.runNotes ?? []).map(forPeople);
  if (done) await emitEvent(db, { runId: run.id, jobId: run.jobId, type: "done", data: { status: "completed", ...(runNotes.length ? { notes: runNotes } : {}) } });
}

/** Marks a run and its video failed with a message a person can read (public-error.ts words it). */
export async function failRun(db: Db, { runId, error }: { runId: string; error: string }): Promise<void> {
  const params = { runId, error: publicErrorText(error) };
  const run = await getRun(db, params.runId);
  if (!run || !["running", "queued"].includes(run.status)) return;
  const processingTime = Math.round(secondsSince(run.startedAt) * 1000) / 1000;
  const failed = await db.transaction(async (tx) => {
    const video = await markVideoFailed(tx, { jobId: run.jobId, processingTime, error: params.error });
    await finishRun(tx, { runId: run.id, status: "failed", error: params.error });
    // A run that never started (an import that failed, a run given up before its first claim) has no duration.
    if (run.startedAt) await observeRunDuration(tx, "failed", secondsSince(run.startedAt));
    if (!video) return null;
    await insertNotification(tx, {
      userId: run.userId,
      title: "Processing failed",
      message: runFailedMessage({ name: video.name, jobId: video.jobId, error: params.error }),
      type: "error",
    });
    return video;
  });
  if (failed) await emitEvent(db, { runId: run.id, jobId: run.jobId, type: "done", data: { status: "failed", error: params.error } });
}
