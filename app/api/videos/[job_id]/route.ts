import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { hasActiveShare } from "@/lib/shares/share-ops";
import { toVideoResponse } from "@/lib/videos/video-response";
import { patchVideo, removeVideo, requireVideo } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id} – one video, with whether it has an active share link
export const GET = handle(videosApi.get, async ({ db, user, params }) => {
  const video = await requireVideo(db, { userId: user.user_id, jobId: params.job_id });
  return { ...toVideoResponse(video), shared: await hasActiveShare(db, { userId: user.user_id, videoId: video.id }) };
});

// PATCH /api/videos/{job_id} – rename, describe, move to a project (null unassigns)
export const PATCH = handle(
  videosApi.patch,
  async ({ db, user, params, body }) =>
    toVideoResponse(
      await patchVideo(db, {
        userId: user.user_id,
        jobId: params.job_id,
        name: body.name,
        description: body.description,
        projectId: body.project_id,
      }),
    ),
);

// DELETE /api/videos/{job_id} – delete the video, its segments and shares (the file stays)
export const DELETE = handle(
  videosApi.remove,
  async ({ db, user, params }) => {
    await removeVideo(db, { userId: user.user_id, jobId: params.job_id });
    return { ok: true as const };
  },
);

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
