import { handle } from "@/lib/api/handler";
import { multipartApi } from "@/lib/schemas/multipart";
import { completeMultipartUpload } from "@/lib/storage/multipart";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/storage/multipart/{upload_id}/complete – assemble the stored parts into the file
export const POST = handle(
  multipartApi.complete,
  ({ db, user, params, body }) =>
    completeMultipartUpload(db, { userId: user.user_id, uploadId: params.upload_id, parts: body.parts }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
