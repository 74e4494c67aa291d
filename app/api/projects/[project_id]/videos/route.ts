import { handle } from "@/lib/api/handler";
import { listProjectVideos } from "@/lib/projects/project-ops";
import { projectsApi } from "@/lib/schemas/projects";
import { toVideoResponse } from "@/lib/videos/video-response";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/projects/{project_id}/videos – the project's videos
export const GET = handle(
  projectsApi.videos,
  async ({ db, user, params }) =>
    (await listProjectVideos(db, { userId: user.user_id, projectId: params.project_id })).map(toVideoResponse),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
