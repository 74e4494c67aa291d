import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { ownedVideoKey } from "@/lib/videos/register-upload";
import { queueProcessing } from "@/lib/videos/queue-processing";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/videos/{job_id}/process – start or restart processing with the given modules
export const POST = handle(
  videosApi.process,
  async ({ db, user, params, body }) => {
    const video = await queueProcessing(db, {
      userId: user.user_id,
      jobId: params.job_id,
      kind: "process",
      modules: body.modules,
      initialPrompt: body.initial_prompt,
      discardEdits: body.discard_edits,
      keepOtherResults: body.keep_other_results,
      storagePath: body.storage_path ? ownedVideoKey(user.user_id, body.storage_path) : undefined,
    });
    const message = body.keep_other_results ? "Processing queued; the other modules' results are kept" : "Processing queued";
    return { job_id: video.jobId, status: "queued" as const, message };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
