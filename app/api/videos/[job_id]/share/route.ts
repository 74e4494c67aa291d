import { handle, jsonResponse } from "@/lib/api/handler";
import { activeShareResponse, shareResponse, sharesApi } from "@/lib/schemas/shares";
import { getActiveShare, revokeShare, shareVideo } from "@/lib/shares/share-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id}/share – the active share, 404 when the video has none
export const GET = handle(
  sharesApi.read,
  async ({ db, user, params }) => activeShareResponse.parse(await getActiveShare(db, { userId: user.user_id, jobId: params.job_id })),
);

// POST /api/videos/{job_id}/share – share the report: 201 when created, 200 with the existing one
export const POST = handle(
  sharesApi.create,
  async ({ db, user, params }) => {
    const { created, ...share } = await shareVideo(db, { userId: user.user_id, jobId: params.job_id });
    return jsonResponse(shareResponse.parse(share), created ? 201 : 200);
  },
);

// DELETE /api/videos/{job_id}/share – revoke the share
export const DELETE = handle(
  sharesApi.revoke,
  async ({ db, user, params }) => {
    await revokeShare(db, { userId: user.user_id, jobId: params.job_id });
    return { ok: true as const };
  },
);

export const { PUT, PATCH, OPTIONS } = otherMethods("GET", "POST", "DELETE");
