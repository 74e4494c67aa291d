import { handle } from "@/lib/api/handler";
import { videosApi } from "@/lib/schemas/videos";
import { toVideoResponse } from "@/lib/videos/video-response";
import { listUserVideos } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/videos – the caller's videos, newest first (project_id / status filters)
export const GET = handle(videosApi.list, async ({ db, user, query }) =>
  (await listUserVideos(db, { userId: user.user_id, projectId: query.project_id, status: query.status })).map(toVideoResponse),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
