import { handle } from "@/lib/api/handler";
import { captionsTrack } from "@/lib/playback/captions";
import { playbackApi } from "@/lib/schemas/playback";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/playback/captions/{job_id}?token= – the transcript as a WebVTT captions track (no auth: the token)
export const GET = handle(
  playbackApi.captions,
  ({ db, params, query }) => captionsTrack(db, { jobId: params.job_id, token: query.token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
