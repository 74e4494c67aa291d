import { handle } from "@/lib/api/handler";
import { removeClip, requireClip } from "@/lib/clips/clip-ops";
import { toClipResponse } from "@/lib/clips/clip-response";
import { clipsApi } from "@/lib/schemas/clips";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/clips/{clip_id} – status, ranges and, once completed, its URLs
export const GET = handle(clipsApi.get, async ({ db, user, params }) =>
  toClipResponse(await requireClip(db, { userId: user.user_id, clipId: params.clip_id })),
);

// DELETE /api/clips/{clip_id} – the clip and its file
export const DELETE = handle(clipsApi.remove, async ({ db, user, params }) => {
  await removeClip(db, { userId: user.user_id, clipId: params.clip_id });
  return { ok: true as const };
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
