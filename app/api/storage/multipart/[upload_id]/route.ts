import { handle } from "@/lib/api/handler";
import { multipartApi } from "@/lib/schemas/multipart";
import { abortMultipartUpload, getMultipartStatus } from "@/lib/storage/multipart";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/storage/multipart/{upload_id} – the upload and the parts stored so far
export const GET = handle(
  multipartApi.status,
  ({ db, user, params }) => getMultipartStatus(db, { userId: user.user_id, uploadId: params.upload_id }),
);

// DELETE /api/storage/multipart/{upload_id} – abort, removing the stored parts
export const DELETE = handle(
  multipartApi.abort,
  ({ db, user, params }) => abortMultipartUpload(db, { userId: user.user_id, uploadId: params.upload_id }),
);

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
