import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { registerUpload } from "@/lib/videos/register-upload";
import { queueProcessing } from "@/lib/videos/queue-processing";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/videos/register-and-process – register a stored file and queue it in one call
export const POST = handle(videosApi.registerAndProcess, async ({ db, user, body }) => {
  const { video } = await registerUpload(db, {
    userId: user.user_id,
    filePath: body.storage_path,
    fileName: body.file_name,
    modules: body.modules,
    initialPrompt: body.initial_prompt,
  });
  const queued = await queueProcessing(db, {
    userId: user.user_id,
    jobId: video.jobId,
    kind: "process",
    modules: body.modules,
    initialPrompt: body.initial_prompt,
  });
  return { job_id: queued.jobId, status: "queued" as const, message: "Video registered and processing queued" };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
