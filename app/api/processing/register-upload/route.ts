import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { registerUpload } from "@/lib/videos/register-upload";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/processing/register-upload – register a stored file as a video (status uploaded)
export const POST = handle(videosApi.registerUpload, async ({ db, user, body }) => {
  const { video, alreadyExists } = await registerUpload(db, {
    userId: user.user_id,
    filePath: body.file_path,
    fileName: body.file_name,
    fileSize: body.file_size,
    jobId: body.job_id,
  });
  return { success: true, job_id: video.jobId, alreadyExists };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
