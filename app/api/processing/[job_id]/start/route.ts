import { handle } from "@/lib/api/handler";
import { toProcessingStatus, videosApi } from "@/lib/schemas/videos";
import { parseSelectedInsights, queueProcessing } from "@/lib/videos/queue-processing";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/processing/{job_id}/start – queue an uploaded or failed video
export const POST = handle(
  videosApi.start,
  async ({ db, user, params, body }) =>
    toProcessingStatus(
      await queueProcessing(db, {
        userId: user.user_id,
        jobId: params.job_id,
        kind: "start",
        modules: parseSelectedInsights(body.selected_insights),
      }),
    ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
