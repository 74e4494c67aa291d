import { handle } from "@/lib/api/handler";
import { storageApi } from "@/lib/schemas/storage";
import { presignUpload } from "@/lib/storage/presign-upload";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/storage/upload-url – a presigned URL to PUT a new video to
export const POST = handle(storageApi.uploadUrl, ({ db, user, body }) =>
  presignUpload(db, {
    userId: user.user_id,
    fileName: body.file_name,
    key: body.key,
    contentType: body.content_type.trim(),
    expiresIn: body.expires_in,
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
