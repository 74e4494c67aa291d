import { handle } from "@/lib/api/handler";
import { HLS_CONTENT_TYPE, streamExists, streamManifest } from "@/lib/playback/serve-playback";
import { playbackApi } from "@/lib/schemas/playback";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

const head = handle(
  playbackApi.streamHead,
  async ({ db, params, query }) => {
    return (await streamExists(db, { jobId: params.job_id, token: query.token }))
      ? new Response(null, { status: 200, headers: { "Content-Type": HLS_CONTENT_TYPE, "Access-Control-Allow-Origin": "*" } })
      : new Response(null, { status: 404 });
  },
);

// HEAD /api/playback/stream/{job_id}?token= – 200 when the HLS stream exists, else 404 (no body)
export async function HEAD(req: Request, ctx: { params: Promise<Record<string, string | string[]>> }): Promise<Response> {
  const res = await head(req, ctx);
  return new Response(null, { status: res.status, headers: res.headers });
}

// GET /api/playback/stream/{job_id}?token= – the HLS manifest with presigned segment URLs
export const GET = handle(
  playbackApi.stream,
  ({ db, params, query }) => streamManifest(db, { jobId: params.job_id, token: query.token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
