import { handle } from "@/lib/api/handler";
import { multipartApi } from "@/lib/schemas/multipart";
import { presignMultipartParts } from "@/lib/storage/multipart";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/storage/multipart/{upload_id}/parts – presigned PUT URLs for some parts
export const POST = handle(
  multipartApi.partUrls,
  ({ db, user, params, body }) =>
    presignMultipartParts(db, { userId: user.user_id, uploadId: params.upload_id, partNumbers: body.part_numbers }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
