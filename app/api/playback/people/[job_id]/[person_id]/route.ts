import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { personPictureRedirect } from "@/lib/playback/serve-playback";
import { playbackApi } from "@/lib/schemas/playback";

export const dynamic = "force-dynamic";

// GET /api/playback/people/{job_id}/{person_id}?token= – 302 to the person's face picture (no auth: the token)
export const GET = handle(playbackApi.person, ({ db, params, query }) => personPictureRedirect(db, { jobId: params.job_id, personId: params.person_id, token: query.token }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
