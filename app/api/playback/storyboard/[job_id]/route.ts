import { handle } from "@/lib/api/handler";
import { storyboardTrack } from "@/lib/playback/serve-playback";
import { playbackApi } from "@/lib/schemas/playback";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/playback/storyboard/{job_id}?token= – the WebVTT thumbnails track (no auth: the token)
export const GET = handle(
  playbackApi.storyboard,
  ({ db, params, query }) => storyboardTrack(db, { jobId: params.job_id, token: query.token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
