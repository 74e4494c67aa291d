// PUT /api/storage/multipart/{upload_id}/parts/{part_number}: the local driver's presigned part
// URL. The signature is the credential (no Authorization); the body is streamed to the part's
// offset of the upload's temp file (as the socket's own stream in the production server, see
// request-body.ts). Answers 200 `{part_number, size, etag}` with an `ETag` header; refusals throw
// StorageError kinds, answered by the route (lib/api `rawRoute`).
import { getDb } from "@/db/client";
import { getMultipartUploadForPart } from "@/db/queries/multipart";
import { badSignature, notServedHere, storageNotFound } from "./errors";
import { getStorage } from "./index";
import type { LocalStorageDriver } from "./local-driver";
import { LocalMultipart } from "./multipart-local";
import { verifyPartUrl } from "./multipart-signing";
import { requestBodyStream } from "./request-body";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export async function putPart(req: Request, ctx: RouteContext): Promise<Response> {
  const storage = getStorage();
  if (storage.kind !== "local") throw notServedHere();
  const params = await ctx.params;
  const uploadId = String(params.upload_id ?? "");
  const partText = String(params.part_number ?? "");
  const partNumber = /^\d{1,5}$/.test(partText) ? Number(partText) : NaN;
  if (!(partNumber >= 1) || !verifyPartUrl(new URL(req.url), uploadId, partNumber)) {
    throw badSignature("Upload");
  }
  const db = await getDb();
  const found = await getMultipartUploadForPart(db, { uploadId, partNumber });
  const upload = found?.upload;
  if (!found || !upload || upload.expiresAt <= new Date() || partNumber > upload.partCount) throw storageNotFound("Upload");
  const declaredText = req.headers.get("content-length");
  const declared = declaredText !== null && /^\d+$/.test(declaredText.trim()) ? Number(declaredText) : undefined;
  const part = await new LocalMultipart(storage as LocalStorageDriver).writePart(db, upload, partNumber, () => requestBodyStream(req), {
    declared,
    stored: found.partStored,
  });
  return Response.json(part, { headers: { ETag: part.etag } });
}
