// Storage: presigned upload/download URLs, the caller's files, and the local driver's object
// endpoint (presigned URLs point at it; the signature is the credential).
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { pageCursorField, pageLimitField } from "./pagination";
import { answers, BAD_SIGNATURE, DISK_FULL, FILE_TOO_LARGE, NOT_YOUR_PATH } from "./answers";

/** A printable media type such as `video/mp4` (no line breaks: it becomes a signed header). */
const contentType = z
  .string()
  .max(255)
  .refine((s) => /^[\w.+-]+\/[\w.+-]+(\s*;[ -~]*)?$/.test(s.trim()), { message: "must be a media type such as video/mp4" });

const storagePath = z.string().min(1).max(1024);

export const uploadUrlBody = z
  .object({
    file_name: z.string().min(1).max(255).optional().describe("The user's file name; sanitized, extension checked"),
    key: storagePath.optional().describe("Legacy: an explicit storage key in your users/<user_id>/ area"),
    content_type: contentType.default("video/mp4").describe("Sent back as Content-Type on the PUT"),
    expires_in: z.number().int().min(300).max(7200).default(3600).describe("Seconds, 300 to 7200"),
  })
  .superRefine((b, ctx) => {
    if (b.file_name === undefined && b.key === undefined) {
      ctx.addIssue({ code: "custom", path: ["file_name"], message: "is required unless key is given" });
    }
  });

export const uploadUrlResponse = z
  .object({
    success: z.boolean(),
    upload_url: z.string().describe("PUT the raw bytes here with the chosen Content-Type"),
    file_path: z.string().describe("users/<user_id>/<sanitized name>"),
    public_url: z.string().describe("Empty unless a public base URL is configured"),
    user_id: z.string(),
    sanitized_filename: z.string(),
    original_filename: z.string(),
    expires_at: z.null(),
  })
  .meta({ id: "UploadUrl" });

export const downloadUrlBody = z
  .object({
    key: storagePath.optional(),
    file_path: storagePath.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.key === undefined && b.file_path === undefined) {
      ctx.addIssue({ code: "custom", path: ["key"], message: "is required unless file_path is given" });
    }
  });

export const downloadUrlResponse = z.object({ url: z.string() }).meta({ id: "DownloadUrl" });

export const storedFile = z
  .object({
    name: z.string().describe("Path inside your users/<user_id>/ area"),
    size: z.number().int(),
    lastModified: z.string().meta({ example: "2026-11-25T22:01:05.123Z" }),
    publicUrl: z.string(),
    filePath: z.string(),
  })
  .meta({ id: "StoredFile" });

export const listFilesQuery = z.object({
  prefix: z.string().max(1024).optional().describe("Within your users/<user_id>/ area"),
  limit: pageLimitField,
  cursor: pageCursorField,
});
export const listFilesResponse = z.object({ success: z.boolean(), files: z.array(storedFile), user_id: z.string() });

export const deleteFileQuery = z.object({ key: storagePath });
export const deleteFileResponse = z.object({ success: z.literal(true), ok: z.literal(true) });

export const objectParams = z.object({ key: z.string().describe("The object key; each segment URL-encoded") });
export const objectQuery = z.object({
  expires: z.string().describe("Unix time the URL stops working"),
  sig: z.string().describe("HMAC-SHA256 signature"),
  filename: z.string().optional().describe("Download name (signed)"),
  content_type: z.string().optional().describe("Upload URLs: the Content-Type the PUT must send (signed)"),
});
export const objectPutResponse = z.object({ ok: z.literal(true), key: z.string(), size: z.number().int() });

export const storageApi = {
  uploadUrl: defineEndpoint({
    method: "POST",
    path: "/storage/upload-url",
    idempotent: true,
    tag: "Storage",
    summary: "A presigned URL to PUT a video to (supported extensions only, at most 4 GB)",
    auth: "required",
    body: uploadUrlBody,
    response: uploadUrlResponse,
    otherResponses: answers(NOT_YOUR_PATH, FILE_TOO_LARGE),
  }),
  downloadUrl: defineEndpoint({
    method: "POST",
    path: "/storage/download-url",
    tag: "Storage",
    summary: "A presigned URL to GET one of your stored files (404 when it does not exist)",
    auth: "required",
    body: downloadUrlBody,
    response: downloadUrlResponse,
    otherResponses: NOT_YOUR_PATH,
  }),
  listFiles: defineEndpoint({
    method: "GET",
    path: "/storage/files",
    tag: "Storage",
    summary: "Your stored files (under users/<user_id>/)",
    auth: "required",
    query: listFilesQuery,
    response: listFilesResponse,
    otherResponses: NOT_YOUR_PATH,
  }),
  deleteFile: defineEndpoint({
    method: "DELETE",
    path: "/storage/files",
    tag: "Storage",
    summary: "Delete a stored file and the videos (segments, shared reports) registered with it",
    auth: "required",
    query: deleteFileQuery,
    response: deleteFileResponse,
    otherResponses: NOT_YOUR_PATH,
  }),
  putObject: defineEndpoint({
    method: "PUT",
    path: "/storage/object/{key}",
    tag: "Storage",
    summary:
      "Local storage: the target of a presigned upload URL. Body: the raw bytes, with the Content-Type the URL was made for. 403 `Upload URL expired or invalid` when expired or tampered (with `hint` and `expected_content_type` beside it when only the Content-Type differs from the signed one), 413 above 4 GB",
    auth: "none",
    params: objectParams,
    query: objectQuery,
    response: objectPutResponse,
    otherResponses: answers(BAD_SIGNATURE, { "409": { description: "The file belongs to a registered video and cannot be replaced" } }, FILE_TOO_LARGE, DISK_FULL),
  }),
  getObject: defineEndpoint({
    method: "GET",
    path: "/storage/object/{key}",
    tag: "Storage",
    summary: "Local storage: the target of a presigned download URL (Range requests answer 206)",
    auth: "none",
    params: objectParams,
    query: objectQuery,
    produces: "*/*",
    otherResponses: {
      "206": { description: "The requested byte range (`Range` header)", produces: "*/*" },
      ...BAD_SIGNATURE,
      "416": { description: "The `Range` lies outside the file" },
    },
  }),
  headObject: defineEndpoint({
    method: "HEAD",
    path: "/storage/object/{key}",
    tag: "Storage",
    summary: "Local storage: size and type of the object behind a presigned download URL",
    auth: "none",
    params: objectParams,
    query: objectQuery,
    produces: "*/*",
    otherResponses: BAD_SIGNATURE,
  }),
};
