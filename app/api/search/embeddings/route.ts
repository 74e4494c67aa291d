import { handle } from "@/lib/api/handler";
import { searchApi } from "@/lib/schemas/search";
import { embeddingStatus } from "@/lib/search/reembed";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/search/embeddings – the embedding model and the progress of re-embedding the caller's segments
export const GET = handle(searchApi.embeddings, async ({ db, user }) => embeddingStatus(db, user.user_id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
