import { handle } from "@/lib/api/handler";
import { startImport } from "@/lib/imports/start-import";
import { importsApi } from "@/lib/schemas/imports";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/videos/import – fetch a video from a URL on the server, then process it like an upload
export const POST = handle(importsApi.importUrl, async ({ db, user, body }) => {
  const video = await startImport(db, {
    userId: user.user_id,
    url: body.url,
    fileName: body.file_name,
    modules: body.modules,
    projectId: body.project_id,
    initialPrompt: body.initial_prompt,
  });
  return {
    job_id: video.jobId,
    status: "importing" as const,
    message: `Importing ${video.name}: follow GET /api/processing/${video.jobId}/events; it is processed once fetched`,
  };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
