// GET /playback/captions/{job_id}?token=: the video's transcript as a WebVTT captions track (the
// same cues as the `vtt` report of the transcription module), for a <track kind="captions"> in the
// results player and on a shared report's page. The playback token of thumbnail_url opens it (a
// shared report's URLs carry one), so no Authorization is needed; 404 `File not found` when the
// video has no transcript. Not cached (`no-cache`): an owner's correction shows on the next load.
import type { Db } from "@/db/client";
import { listSegments } from "@/db/queries/segments";
import { notFound } from "@/lib/core/errors";
import { toVtt } from "@/lib/schemas/formats";
import { toSegmentResponse } from "@/lib/schemas/results";
import { authorizePlayback, VTT_CONTENT_TYPE } from "./serve-playback";

export async function captionsTrack(db: Db, params: { jobId: string; token: string }): Promise<Response> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  const segments = (await listSegments(db, { userId: video.userId, jobId: video.jobId, modules: ["transcription"] })).map(toSegmentResponse);
  if (!segments.length) throw notFound("File");
  return new Response(toVtt(segments), {
    headers: { "Content-Type": VTT_CONTENT_TYPE, "Cache-Control": "private, no-cache", "Access-Control-Allow-Origin": "*" },
  });
}
