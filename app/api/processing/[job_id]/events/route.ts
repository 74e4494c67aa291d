import { handle } from "@/lib/api/handler";
import { processingEventStream, sseResponse } from "@/lib/pipeline/event-stream";
import { videosApi } from "@/lib/schemas/videos";
import { requireVideo } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/processing/{job_id}/events – live processing events (text/event-stream)
export const GET = handle(
  videosApi.events,
  async ({ db, user, params, req }) => {
    const video = await requireVideo(db, { userId: user.user_id, jobId: params.job_id });
    return sseResponse(processingEventStream(db, video, req.signal));
  },
  { ids: { job_id: "Video" } },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
