import { handle } from "@/lib/api/handler";
import { toProcessingStatus, videosApi } from "@/lib/schemas/videos";
import { requireVideo } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/processing/{job_id}/status – processing status of a video
export const GET = handle(
  videosApi.status,
  async ({ db, user, params }) => toProcessingStatus(await requireVideo(db, { userId: user.user_id, jobId: params.job_id })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
