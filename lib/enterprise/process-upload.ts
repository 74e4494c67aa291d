// enterprise process: probe the uploaded file (duration, size) when it is new or changed, then
// queue the video exactly as POST /processing/{job_id}/start does (same state rules, same 402).
import type { Db } from "@/db/client";
import { parseSelectedInsights, queueProcessing } from "@/lib/videos/queue-processing";
import { refreshProbe } from "@/lib/videos/refresh-probe";
import { requireVideo } from "@/lib/videos/video-ops";

const STARTABLE = ["uploaded", "failed"];

export async function processEnterpriseUpload(
  db: Db,
  opts: { userId: string; jobId: string; selectedInsights?: string },
): Promise<{ job_id: string; status: "queued" }> {
  const modules = parseSelectedInsights(opts.selectedInsights);
  const video = await requireVideo(db, { userId: opts.userId, jobId: opts.jobId });
  // The upload may have been replaced since registerUpload: probe it again when its size changed.
  if (STARTABLE.includes(video.status)) await refreshProbe(db, video);
  const queued = await queueProcessing(db, { userId: opts.userId, jobId: video.jobId, kind: "start", modules });
  return { job_id: queued.jobId, status: "queued" };
}
