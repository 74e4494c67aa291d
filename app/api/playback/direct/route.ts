import { handle } from "@/lib/api/handler";
import { directRedirect } from "@/lib/playback/serve-playback";
import { playbackApi } from "@/lib/schemas/playback";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/playback/direct?job_id=&token= – 302 to the presigned source file (no auth: the token)
export const GET = handle(playbackApi.direct, ({ db, query }) => directRedirect(db, { jobId: query.job_id, token: query.token }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
