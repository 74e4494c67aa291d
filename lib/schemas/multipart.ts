// Resumable multipart uploads (lib/storage/multipart.ts): create, part URLs, what is stored,
// complete, abort; and the local driver's presigned part URL.
import { z } from "zod";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { MAX_PART_NUMBERS_PER_REQUEST, MAX_PARTS } from "@/lib/core/multipart-layout";
import { MAX_UPLOAD_BYTES } from "@/lib/core/storage-limits";
import { okResponse, timestamp } from "./common";
import { uploadUrlBody } from "./storage";
import { answers, BAD_SIGNATURE, DISK_FULL, FILE_TOO_LARGE, NOT_YOUR_PATH } from "./answers";

const tag = "Storage";
const partNumber = z.number().int().min(1).max(MAX_PARTS);

export const multipartCreateBody = z.object({
  file_name: z.string().min(1).max(255).describe("The user's file name; sanitized, extension checked"),
  content_type: uploadUrlBody.shape.content_type,
  file_size: z
    .number()
    .int()
    .min(1)
    .describe(`Bytes; at most ${MAX_UPLOAD_BYTES} (4 GB) — more is 413`),
});

export const multipartUpload = z
  .object({
    upload_id: z.string(),
    file_path: z.string().describe("users/<user_id>/<sanitized name>: where the file appears on complete"),
    part_size: z.number().int().describe("Every part but the last is exactly this many bytes: 8 MiB up to a 256 MiB file, then doubling with the file up to 64 MiB (1 GiB: 32 MiB; 2–4 GiB: 64 MiB)"),
    part_count: z.number().int(),
    expires_at: timestamp.describe("Not completed by then, the upload is aborted and its parts removed (24 h)"),
  })
  .meta({ id: "MultipartUpload" });

export const uploadIdParams = z.object({ upload_id: pathId("Upload") });

export const partUrlsBody = z.object({
  part_numbers: z.array(partNumber).min(1).max(MAX_PART_NUMBERS_PER_REQUEST).describe("1-based part numbers"),
});
export const partUrlsResponse = z.object({
  parts: z.array(z.object({ part_number: z.number().int(), url: z.string().describe("PUT the part's bytes here; the answer carries its ETag") })),
});

export const storedPart = z
  .object({ part_number: z.number().int(), size: z.number().int(), etag: z.string() })
  .meta({ id: "StoredPart" });
export const multipartStatus = multipartUpload
  .extend({ file_size: z.number().int(), parts: z.array(storedPart).describe("The parts stored so far") })
  .meta({ id: "MultipartStatus" });

export const completeBody = z.object({
  parts: z
    .array(z.object({ part_number: partNumber, etag: z.string().min(1).max(200) }))
    .max(MAX_PARTS)
    .optional()
    .describe("Optional: every part with the ETag its PUT answered; checked against what is stored"),
});
export const completeResponse = z.object({ file_path: z.string(), file_size: z.number().int() });

const partParams = z.object({ upload_id: z.string(), part_number: z.string().describe("1-based part number") });
const partQuery = z.object({ expires: z.string().describe("Unix time the URL stops working"), sig: z.string().describe("HMAC-SHA256 signature") });

export const multipartApi = {
  create: defineEndpoint({
    method: "POST",
    path: "/storage/multipart",
    tag,
    summary:
      "Start a resumable multipart upload (supported extensions only, at most 4 GB). Then get part URLs, PUT the parts (in parallel, in any order, again after a failure), complete; the file is then registered like any uploaded file",
    auth: "required",
    body: multipartCreateBody,
    response: multipartUpload,
    status: 201,
    otherResponses: answers(NOT_YOUR_PATH, FILE_TOO_LARGE, DISK_FULL),
  }),
  partUrls: defineEndpoint({
    method: "POST",
    path: "/storage/multipart/{upload_id}/parts",
    tag,
    summary: `Presigned PUT URLs for up to ${MAX_PART_NUMBERS_PER_REQUEST} parts (valid 1 hour). Each part must be exactly part_size bytes (the last: the rest)`,
    auth: "required",
    params: uploadIdParams,
    body: partUrlsBody,
    response: partUrlsResponse,
  }),
  status: defineEndpoint({
    method: "GET",
    path: "/storage/multipart/{upload_id}",
    tag,
    summary: "The upload and the parts already stored (to resume without resending them)",
    auth: "required",
    params: uploadIdParams,
    response: multipartStatus,
  }),
  complete: defineEndpoint({
    method: "POST",
    path: "/storage/multipart/{upload_id}/complete",
    tag,
    summary: "Assemble the stored parts into file_path. 400 naming the parts missing or of the wrong size; 409 when a file appeared at file_path meanwhile",
    auth: "required",
    params: uploadIdParams,
    body: completeBody,
    response: completeResponse,
    otherResponses: answers({ "409": { description: "A file appeared at file_path meanwhile" } }, DISK_FULL),
  }),
  abort: defineEndpoint({
    method: "DELETE",
    path: "/storage/multipart/{upload_id}",
    tag,
    summary: "Abort the upload and remove its stored parts",
    auth: "required",
    params: uploadIdParams,
    response: okResponse,
  }),
  putPart: defineEndpoint({
    method: "PUT",
    path: "/storage/multipart/{upload_id}/parts/{part_number}",
    tag,
    summary:
      "Local storage: the target of a presigned part URL. Body: the part's raw bytes (exactly its size: more is 413, less is 400). Answers {part_number, size, etag} with an ETag header; 403 when expired or tampered",
    auth: "none",
    params: partParams,
    query: partQuery,
    response: storedPart,
    otherResponses: answers(BAD_SIGNATURE, { "413": { description: "The part is larger than its size" } }, DISK_FULL),
  }),
};
