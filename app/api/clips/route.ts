import { handle, jsonResponse } from "@/lib/api/handler";
import { pageOf, pageRequest } from "@/lib/api/pagination";
import { createClip, listUserClips } from "@/lib/clips/clip-ops";
import { toClipResponse } from "@/lib/clips/clip-response";
import { clipsApi } from "@/lib/schemas/clips";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/clips – cut ranges of a video (or the top search hits) into one MP4, in the background
export const POST = handle(clipsApi.create, async ({ req, db, user, body }) => {
  const clip = await createClip(db, { userId: user.user_id, body, signal: req.signal });
  return { clip_id: clip.id, status: "queued" as const };
});

// GET /api/clips – the caller's clips, newest first (optional limit/cursor pages, Link header)
export const GET = handle(clipsApi.list, async ({ req, db, user, query }) => {
  const page = pageRequest(query);
  const rows = await listUserClips(db, { userId: user.user_id, page });
  const { rows: kept, headers } = page ? pageOf(req, page, rows, (c) => ({ createdAt: c.createdAt, id: c.id })) : { rows, headers: {} };
  return jsonResponse(await Promise.all(kept.map(toClipResponse)), 200, headers);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
