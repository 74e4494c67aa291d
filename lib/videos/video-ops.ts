// Reading and changing one video of the caller.
import type { Db } from "@/db/client";
import { getProject } from "@/db/queries/projects";
import { cancelActiveRuns } from "@/db/queries/runs";
import { deleteSegments } from "@/db/queries/segments";
import { deleteVideo, getVideoByJobId, listVideos, updateVideo, type VideoStatus } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { logger } from "@/lib/log/logger";
import { removeDerivedFiles } from "@/lib/storage/derived-files";
import { notifyRunCancelled } from "@/lib/jobs/run-cancel";
import { emitEvent } from "@/lib/jobs/events";

const log = logger("videos");

export async function requireVideo(db: Db, params: { userId: string; jobId: string }): Promise<Video> {
  const video = await getVideoByJobId(db, params);
  if (!video) throw notFound("Video");
  return video;
}

export async function listUserVideos(db: Db, params: { userId: string; projectId?: string; status?: VideoStatus }) {
  return listVideos(db, params);
}

export async function patchVideo(
  db: Db,
  params: { userId: string; jobId: string; name?: string; description?: string; projectId?: string | null },
): Promise<Video> {
  await requireVideo(db, params);
  if (params.projectId) {
    if (!(await getProject(db, { userId: params.userId, projectId: params.projectId }))) throw notFound("Project");
  }
  const updated = await updateVideo(db, {
    userId: params.userId,
    jobId: params.jobId,
    set: {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.projectId !== undefined ? { projectId: params.projectId } : {}),
    },
  });
  if (!updated) throw notFound("Video");
  return updated;
}

/**
 * Deletes the video record with its segments, runs and shared reports, and its derived files
 * (thumbnail, renditions, storyboard; a run's writers still winding down remove theirs); the
 * source file stays.
 */
export async function removeVideo(db: Db, params: { userId: string; jobId: string }): Promise<void> {
  await requireVideo(db, params);
  await cancelActiveRuns(db, params.jobId);
  if (!(await deleteVideo(db, params))) throw notFound("Video");
  notifyRunCancelled(params.jobId);
  // The video is gone whatever storage says now; files a failure here leaves are swept with the
  // results of no video (lib/storage/multipart-sweeper.ts, hourly and at start-up).
  await removeDerivedFiles(params).catch((err: unknown) =>
    log.error({ err, jobId: params.jobId }, `removing the derived files of ${params.jobId} failed (the sweeper retries)`),
  );
}

/** Deletes all segments and resets the video to `uploaded` (a run in flight is cancelled). */
export async function clearSegments(db: Db, params: { userId: string; jobId: string }): Promise<void> {
  await requireVideo(db, params);
  const cancelled = await db.transaction(async (tx) => {
    const ids = await cancelActiveRuns(tx, params.jobId);
    await deleteSegments(tx, params);
    await updateVideo(tx, { ...params, set: { status: "uploaded", error: null, processingTime: null } });
    return ids;
  });
  notifyRunCancelled(params.jobId);
  // Clients following a cancelled run hear that it ended.
  for (const runId of cancelled) {
    await emitEvent(db, { runId, jobId: params.jobId, type: "done", data: { status: "failed", error: "Processing was cancelled" } });
  }
}
