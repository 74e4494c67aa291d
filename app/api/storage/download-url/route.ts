import { handle } from "@/lib/api/handler";
import { storageApi } from "@/lib/schemas/storage";
import { presignDownload } from "@/lib/storage/presign-download";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/storage/download-url – a presigned URL to GET one of the caller's files
export const POST = handle(storageApi.downloadUrl, ({ user, body }) =>
  presignDownload({ userId: user.user_id, path: (body.key ?? body.file_path)! }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
