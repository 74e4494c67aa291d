import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { registerAndProcess } from "@/lib/videos/register-and-process";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/videos/register-and-process – register a stored file and queue it in one call
export const POST = handle(videosApi.registerAndProcess, async ({ db, user, body }) => {
  const queued = await registerAndProcess(db, {
    userId: user.user_id,
    storagePath: body.storage_path,
    fileName: body.file_name,
    modules: body.modules,
    initialPrompt: body.initial_prompt,
  });
  return { job_id: queued.jobId, status: "queued" as const, message: "Video registered and processing queued" };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
