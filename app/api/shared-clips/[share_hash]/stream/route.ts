import { handle } from "@/lib/api/handler";
import { sharedClipFileUrl } from "@/lib/clips/clip-share-ops";
import { clipSharesApi } from "@/lib/schemas/clips";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/shared-clips/{share_hash}/stream – the shared clip's MP4 (302 to a presigned URL)
export const GET = handle(clipSharesApi.stream, async ({ db, params }) => {
  const url = await sharedClipFileUrl(db, params.share_hash);
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "private, max-age=300" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
