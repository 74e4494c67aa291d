import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { queueProcessing } from "@/lib/videos/queue-processing";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/videos/{job_id}/reprocess – clear the segments and process again
export const POST = handle(
  videosApi.reprocess,
  async ({ db, user, params, body }) => {
    const video = await queueProcessing(db, {
      userId: user.user_id,
      jobId: params.job_id,
      kind: "reprocess",
      modules: body.modules,
      initialPrompt: body.initial_prompt,
      discardEdits: body.discard_edits,
    });
    return { job_id: video.jobId, status: "queued" as const, message: "Reprocessing queued; previous segments cleared" };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
