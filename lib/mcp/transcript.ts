// A video's transcript as text lines `[mm:ss] words`, shared by the get_transcript tool and the
// video://{job_id}/transcript resource.
import type { Db } from "@/db/client";
import { formatClock } from "@/lib/core/clock";
import { getSegments } from "@/lib/results/get-results";
import { requireVideo } from "@/lib/videos/video-ops";

export async function transcriptText(
  db: Db,
  params: { userId: string; jobId: string; start?: number; end?: number },
): Promise<string> {
  const video = await requireVideo(db, params);
  const lines = (await getSegments(db, { userId: params.userId, jobId: video.jobId, module: "transcription" }))
    .filter((s) => (params.start === undefined || s.end_time > params.start) && (params.end === undefined || s.start_time < params.end))
    .map((s) => `[${formatClock(s.start_time)}] ${s.content.trim()}`);
  if (lines.length) return lines.join("\n");
  const range = params.start !== undefined || params.end !== undefined ? " in that time range" : "";
  return video.status === "completed"
    ? `No transcript${range}: the video has no transcription segments (no speech found, or transcription was not selected).`
    : `No transcript${range} yet: the video is ${video.status}.`;
}
