import { handle } from "@/lib/api/handler";
import { storyboardImageRedirect } from "@/lib/playback/serve-playback";
import { playbackApi } from "@/lib/schemas/playback";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/playback/storyboard/{job_id}/image?token= – 302 to the presigned sprite (no auth: the token)
export const GET = handle(
  playbackApi.storyboardImage,
  ({ db, params, query }) => storyboardImageRedirect(db, { jobId: params.job_id, token: query.token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
