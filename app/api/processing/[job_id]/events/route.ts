import { handle } from "@/lib/api/handler";
import { processingEventStream, sseResponse } from "@/lib/jobs/event-stream";
import { videosApi } from "@/lib/schemas/videos";
import { requireVideo } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/processing/{job_id}/events – live processing events (text/event-stream), resumable
export const GET = handle(
  videosApi.events,
  async ({ db, user, params, query, req }) => {
    const video = await requireVideo(db, { userId: user.user_id, jobId: params.job_id });
    const lastEventId = Number(req.headers.get("last-event-id") ?? query.last_event_id ?? 0);
    const afterId = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : 0;
    return sseResponse(processingEventStream(db, video, req.signal, undefined, afterId));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
