import { listVideosPage } from "@/db/queries/pages";
import { handle, jsonResponse } from "@/lib/api/handler";
import { pageOf, pageRequest } from "@/lib/api/pagination";
import { videosApi } from "@/lib/schemas/videos";
import { toVideoResponse } from "@/lib/videos/video-response";
import { listUserVideos } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/videos – the caller's videos, newest first (project_id / status filters; optional
// limit/cursor pages with a Link header)
export const GET = handle(videosApi.list, async ({ req, db, user, query }) => {
  const filters = { userId: user.user_id, projectId: query.project_id, status: query.status };
  const page = pageRequest(query);
  if (!page) return (await listUserVideos(db, filters)).map(toVideoResponse);
  const rows = await listVideosPage(db, { ...filters, limit: page.limit + 1, cursor: page.cursor });
  const { rows: kept, headers } = pageOf(req, page, rows, (v) => ({ createdAt: v.createdAt, id: v.id }));
  return jsonResponse(kept.map(toVideoResponse), 200, headers);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
