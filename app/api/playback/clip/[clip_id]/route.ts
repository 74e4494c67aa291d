import { getClipById } from "@/db/queries/clips";
import { handle } from "@/lib/api/handler";
import { notFound } from "@/lib/core/errors";
import { clipTokenSubject } from "@/lib/clips/clip-response";
import { verifyPlaybackToken } from "@/lib/auth/playback-token";
import { clipsApi } from "@/lib/schemas/clips";
import { getStorage } from "@/lib/storage";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/playback/clip/{clip_id}?token= – a completed clip's MP4 (302 to a presigned URL)
export const GET = handle(clipsApi.stream, async ({ db, params, query }) => {
  if (!verifyPlaybackToken(clipTokenSubject(params.clip_id), query.token)) throw notFound("Clip");
  const clip = await getClipById(db, params.clip_id);
  if (!clip || clip.status !== "completed" || !clip.storagePath) throw notFound("Clip");
  const url = await getStorage().presignDownload(clip.storagePath, { expiresIn: 3600 });
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "private, max-age=300" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
