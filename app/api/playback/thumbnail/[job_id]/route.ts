import { handle } from "@/lib/api/handler";
import { thumbnailRedirect } from "@/lib/playback/serve-playback";
import { playbackApi } from "@/lib/schemas/playback";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/playback/thumbnail/{job_id}?token= – 302 to the presigned thumbnail (no auth: the token)
export const GET = handle(
  playbackApi.thumbnail,
  ({ db, params, query }) => thumbnailRedirect(db, { jobId: params.job_id, token: query.token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
