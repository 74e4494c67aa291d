import { handle } from "@/lib/api/handler";
import { getSharedClip } from "@/lib/clips/clip-share-ops";
import { clipSharesApi } from "@/lib/schemas/clips";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/shared-clips/{share_hash} – a shared clip, no auth (404 Shared clip not found)
export const GET = handle(clipSharesApi.get, ({ db, params }) => getSharedClip(db, params.share_hash));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
