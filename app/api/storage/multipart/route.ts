import { handle } from "@/lib/api/handler";
import { multipartApi } from "@/lib/schemas/multipart";
import { createMultipartUpload } from "@/lib/storage/multipart";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/storage/multipart – start a resumable multipart upload (201)
export const POST = handle(multipartApi.create, ({ db, user, body }) =>
  createMultipartUpload(db, {
    userId: user.user_id,
    fileName: body.file_name,
    contentType: body.content_type.trim(),
    fileSize: body.file_size,
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
