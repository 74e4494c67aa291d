// Videos and processing: request bodies, responses and the endpoints' contracts. Browser-safe:
// shaping a row into a response (it signs playback URLs) is lib/videos/video-response.ts.
import { z } from "zod";
import type { Video } from "@/db/schema";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { pageCursorField, pageLimitField } from "./pagination";
import { VIDEO_STATUSES } from "@/lib/core/video-statuses";
import { MODULE_NAMES } from "@/lib/pipeline/modules/registry";
import { descriptionField, nameField, okResponse, timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";
import { ALLOWANCE, answers, BUSY, FILE_TOO_LARGE, NOT_YOUR_PATH, QUEUE_UNAVAILABLE } from "./answers";

export const MAX_FILE_SIZE = 4 * 1024 ** 3;

export const moduleName = z.enum(MODULE_NAMES);
export const moduleList = z.array(moduleName).max(MODULE_NAMES.length * 4);
/** A JSON-encoded array of module names, as the contract sends `selected_insights`. */
export const selectedInsightsText = z.string().max(10_000).describe("JSON text of an array of module names");
const storagePathField = z.string().min(1).max(1024);
const promptField = z.string().max(4000);

export const videoResponse = z
  .object({
    id: z.string(),
    user_id: z.string(),
    job_id: z.string(),
    project_id: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    status: z.enum(VIDEO_STATUSES),
    selected_insights: z.string(),
    duration: z.number(),
    file_size: z.number().int(),
    processing_time: z.number().nullable(),
    storage_path: z.string(),
    error: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    thumbnail_url: z.string().describe("Thumbnail (302 to a presigned URL); token valid 6 h; 404 until a run made it"),
    stream_url: z.string().describe("HLS manifest with presigned segments; token valid 6 h; 404 until a run made it"),
    playback_url: z.string().describe("The source file (302 to a presigned URL); token valid 6 h"),
    shared: z
      .boolean()
      .optional()
      .describe("`GET /videos/{job_id}` only: whether the video has an active share link (without one, `GET /videos/{job_id}/share` answers 404)"),
  })
  .meta({ id: "Video" });

export const processingStatusResponse = z
  .object({
    job_id: z.string(),
    status: z.enum(VIDEO_STATUSES),
    error: z.string().nullable(),
    processing_time: z.number().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ProcessingStatus" });

export function toProcessingStatus(v: Video): z.infer<typeof processingStatusResponse> {
  return {
    job_id: v.jobId,
    status: v.status as (typeof VIDEO_STATUSES)[number],
    error: v.error,
    processing_time: v.processingTime,
    created_at: isoTime(v.createdAt),
    updated_at: isoTime(v.updatedAt),
  };
}

export const queuedResponse = z.object({ job_id: z.string(), status: z.literal("queued"), message: z.string() });

export const jobIdParams = z.object({ job_id: pathId("Video") });
export const eventsQuery = z.object({
  last_event_id: z.string().max(20).optional().describe("Like the Last-Event-ID header (which wins): only events after this id"),
});

export const registerUploadBody = z.object({
  file_path: storagePathField,
  file_name: nameField.optional(),
  file_size: z.number().int().min(0).optional(),
  job_id: z.uuid().optional(),
});

export const registerUploadResponse = z.object({ success: z.boolean(), job_id: z.string(), alreadyExists: z.boolean() });

export const startBody = z.object({ selected_insights: selectedInsightsText.optional() });

export const registerAndProcessBody = z.object({
  modules: moduleList,
  storage_path: storagePathField,
  file_name: nameField.optional(),
  initial_prompt: promptField.optional(),
});

const discardEditsField = z
  .boolean()
  .optional()
  .describe("true: the owner's corrected segments (and chapter titles) are replaced by the new machine output too; by default they are kept");

export const processBody = z.object({
  modules: moduleList,
  storage_path: storagePathField.optional(),
  initial_prompt: promptField.optional(),
  discard_edits: discardEditsField,
  keep_other_results: z
    .boolean()
    .optional()
    .describe(
      "true: add modules to the video. Only `modules` run (their earlier results are replaced); every other module's segments stay as they are, " +
        "modules they build on are not run again when their results are kept, and the video's `selected_insights` becomes the earlier selection " +
        "plus `modules`. Not with `storage_path`. By default (false) all earlier segments are cleared, as with reprocess.",
    ),
});

export const reprocessBody = z.object({
  modules: moduleList.optional(),
  initial_prompt: promptField.optional(),
  discard_edits: discardEditsField,
});

/** What a restart does with the owner's corrections (the OpenAPI text of process and reprocess). */
const KEEPS_EDITS =
  "Machine output is replaced, but segments the owner corrected (PATCH /videos/{job_id}/segments/{segment_id}) are kept, with their revisions, " +
  "and new machine segments of the same module that overlap a kept one by half or more are dropped; edited chapter titles carry over to the new chapters " +
  "at the same times. `\"discard_edits\": true` replaces the edited segments and chapter titles as well.";

/** The OpenAPI text of process's additive option. */
const ADDS_MODULES =
  "To add modules to a finished video without losing the others' results, send `\"keep_other_results\": true`: " +
  "the listed modules run and replace only their own segments (reprocess always clears every module's segments).";

export const listVideosQuery = z.object({
  project_id: z.string().max(64).optional(),
  status: z.enum(VIDEO_STATUSES).optional(),
  limit: pageLimitField,
  cursor: pageCursorField,
});

export const patchVideoBody = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
  project_id: z.string().max(64).nullable().optional(),
});

/** register-and-process's refusal of a file that already is a video: the existing video's job_id beside the detail. */
export const alreadyRegisteredResponse = z.object({ detail: z.string(), job_id: z.string().optional().describe("The video this file already is (absent when the 409 is an Idempotency-Key request still being processed)") });
const ALREADY_REGISTERED =
  "Each call makes a new video. A `storage_path` that already is one of your videos is refused with 409 and that video's `job_id`; " +
  "the video and its results are left as they are (run it again with POST /videos/{job_id}/process or /reprocess).";

const tag = "Videos";
const ptag = "Processing";

const EVENTS_DESCRIPTION = [
  "Each event is one `data:` line of JSON with `type` and `job_id`:",
  "- `module_started` `{module, selected}`",
  "- `module_progress` `{module, percent, message?}`: progress inside a running module, `percent` 0–99 (at most about one a second per module); `module` is `decode` for the single decode pass every visual module waits on (it ends with `percent` 100)",
  "- `module_completed` `{module, segments, notes?}`",
  "- `chunks_planned` `{chunks: [{chunk, start, end}]}`: a video longer than the install's `CHUNK_SECONDS` is analysed in parts (split at keyframes) by any worker, then merged; the status stays `processing` until the merge",
  "- `chunk_completed` `{chunk, chunks, chunks_done, start, end, segments}`: the part from `start` to `end` (seconds) is analysed; its shots and transcript are readable now as `segments` provisional segments (metadata `provisional: true`), which the merge replaces",
  "- `done` `{status, error?, notes?}`, after which the stream closes; `notes` are about the whole run, e.g. a damaged or truncated file analysed up to where its data ends (the video's `duration` is then that readable part)",
  "Unknown event types may be added; clients should ignore them.",
].join("\n");

export const videosApi = {
  list: defineEndpoint({ method: "GET", path: "/videos", tag, summary: "List your videos, newest first (optional `limit`/`cursor` pages: `Link` header rel=\"next\")", auth: "required", query: listVideosQuery, response: z.array(videoResponse) }),
  get: defineEndpoint({ method: "GET", path: "/videos/{job_id}", tag, summary: "Get a video", auth: "required", params: jobIdParams, response: videoResponse }),
  patch: defineEndpoint({ method: "PATCH", path: "/videos/{job_id}", tag, summary: "Rename, describe or move a video to a project (null unassigns)", auth: "required", params: jobIdParams, body: patchVideoBody, response: videoResponse }),
  remove: defineEndpoint({ method: "DELETE", path: "/videos/{job_id}", tag, summary: "Delete a video, its segments and shared reports (the source file stays)", auth: "required", params: jobIdParams, response: okResponse }),
  registerAndProcess: defineEndpoint({ method: "POST", path: "/videos/register-and-process", tag, summary: "Register an uploaded file and queue it in one call", description: ALREADY_REGISTERED, auth: "required", body: registerAndProcessBody, response: queuedResponse , idempotent: true, otherResponses: answers(ALLOWANCE, NOT_YOUR_PATH, FILE_TOO_LARGE, QUEUE_UNAVAILABLE, { "409": { description: "The file is already one of your videos (nothing changed): `job_id` names it (or a request with this Idempotency-Key is still being processed)", response: alreadyRegisteredResponse } }) }),
  process: defineEndpoint({ method: "POST", path: "/videos/{job_id}/process", tag, summary: "Start or restart processing with the given modules (`keep_other_results`: add them, keeping the other modules' results)", description: `${KEEPS_EDITS} ${ADDS_MODULES}`, auth: "required", params: jobIdParams, body: processBody, response: queuedResponse , idempotent: true, otherResponses: answers(ALLOWANCE, BUSY, QUEUE_UNAVAILABLE) }),
  reprocess: defineEndpoint({ method: "POST", path: "/videos/{job_id}/reprocess", tag, summary: "Clear the segments and process again (corrected segments are kept unless discard_edits)", description: KEEPS_EDITS, auth: "required", params: jobIdParams, body: reprocessBody, response: queuedResponse , idempotent: true, otherResponses: answers(ALLOWANCE, BUSY, QUEUE_UNAVAILABLE) }),
  registerUpload: defineEndpoint({ method: "POST", path: "/processing/register-upload", tag: ptag, summary: "Register an uploaded file as a video (status uploaded)", auth: "required", body: registerUploadBody, response: registerUploadResponse , idempotent: true, otherResponses: answers(NOT_YOUR_PATH, { "409": { description: "job_id is already in use (or an Idempotency-Key request is still being processed)" } }, FILE_TOO_LARGE) }),
  start: defineEndpoint({ method: "POST", path: "/processing/{job_id}/start", tag: ptag, summary: "Queue an uploaded or failed video", auth: "required", params: jobIdParams, body: startBody, response: processingStatusResponse , idempotent: true, otherResponses: answers(ALLOWANCE, { "409": { description: "Video must be uploaded or failed to start processing" } }, QUEUE_UNAVAILABLE) }),
  status: defineEndpoint({ method: "GET", path: "/processing/{job_id}/status", tag: ptag, summary: "Processing status of a video", auth: "required", params: jobIdParams, response: processingStatusResponse }),
  events: defineEndpoint({ method: "GET", path: "/processing/{job_id}/events", tag: ptag, summary: "Live processing events (text/event-stream): module_started, module_progress, module_completed, chunks_planned, chunk_completed, done; each with an `id:` — reconnect with the `Last-Event-ID` header (or `last_event_id`) to get only what was missed", auth: "required", params: jobIdParams, description: EVENTS_DESCRIPTION, query: eventsQuery, produces: "text/event-stream" }),
};
