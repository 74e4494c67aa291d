// The local storage driver's part endpoint. No Authorization: the URL's signature is the
// credential. The body is streamed, so this does not go through `handle` (its JSON body reader).
import { putPart } from "@/lib/storage/multipart-part-request";
import { rawRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<Record<string, string | string[]>> };

// PUT /api/storage/multipart/{upload_id}/parts/{part_number} – one part through a presigned URL
export const PUT = rawRoute("PUT /storage/multipart/{upload_id}/parts/{part_number}", (req: Request, ctx: Ctx) => putPart(req, ctx));

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
