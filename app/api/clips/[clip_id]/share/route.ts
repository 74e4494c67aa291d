import { handle, jsonResponse } from "@/lib/api/handler";
import { getClipShare, revokeClipShare, shareClip } from "@/lib/clips/clip-share-ops";
import { clipShareResponse, clipSharesApi } from "@/lib/schemas/clips";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/clips/{clip_id}/share – the clip's active share, 404 when it has none
export const GET = handle(clipSharesApi.read, async ({ db, user, params }) =>
  clipShareResponse.parse(await getClipShare(db, { userId: user.user_id, clipId: params.clip_id })),
);

// POST /api/clips/{clip_id}/share – share the clip: 201 when created, 200 with the existing one
export const POST = handle(clipSharesApi.create, async ({ db, user, params }) => {
  const { created, ...share } = await shareClip(db, { userId: user.user_id, clipId: params.clip_id });
  return jsonResponse(clipShareResponse.parse(share), created ? 201 : 200);
});

// DELETE /api/clips/{clip_id}/share – revoke it
export const DELETE = handle(clipSharesApi.revoke, async ({ db, user, params }) => {
  await revokeClipShare(db, { userId: user.user_id, clipId: params.clip_id });
  return { ok: true as const };
});

export const { PUT, PATCH, OPTIONS } = otherMethods("GET", "POST", "DELETE");
