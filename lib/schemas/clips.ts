// Clips and highlight reels: request bodies, the response and the endpoints' contracts.
import { z } from "zod";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { pageQuery } from "./pagination";
import { DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS } from "@/lib/core/search-limits";
import { nameField, okResponse, timestamp } from "./common";
import { moduleList } from "./videos";

export const CLIP_STATUSES = ["queued", "processing", "completed", "failed"] as const;
export const MAX_CLIP_RANGES = 50;
export const MAX_CLIP_SECONDS = 30 * 60;
export const MAX_CLIP_SEARCH_HITS = 20;
export const DEFAULT_CLIP_SEARCH_HITS = 5;
export const MAX_CLIP_PADDING = 5;
export const DEFAULT_CLIP_PADDING = 1;

const seconds = z.number().finite().min(0);
const rangeInput = z.object({ start: seconds.describe("Seconds from the video's start"), end: seconds.describe("Seconds; after start, at most the video's duration") });

const jobIdField = z.string().max(64);

export const createClipBody = z
  .object({
    job_id: jobIdField.optional().describe("With `ranges`: the video to cut (404 Video not found if it is not yours)"),
    ranges: z.array(rangeInput).min(1).max(MAX_CLIP_RANGES).optional().describe(`With \`job_id\`: 1–${MAX_CLIP_RANGES} ranges, joined in this order; ${MAX_CLIP_SECONDS / 60} minutes in all at most`),
    search: z
      .object({
        query: z.string().trim().min(1).max(MAX_QUERY_CHARS),
        job_ids: z.array(jobIdField).max(1000).optional().describe("Only these videos (404 Video not found if one is not yours)"),
        project_id: z.string().max(64).optional(),
        modules: moduleList.optional(),
        threshold: z.number().min(0).max(1).default(DEFAULT_SEARCH_THRESHOLD),
      })
      .optional()
      .describe("Instead of job_id/ranges: the top hits of this search become the ranges"),
    limit: z.number().int().min(1).max(MAX_CLIP_SEARCH_HITS).optional().describe(`With \`search\`: how many of the top hits (default ${DEFAULT_CLIP_SEARCH_HITS})`),
    padding_s: z.number().min(0).max(MAX_CLIP_PADDING).optional().describe(`With \`search\`: seconds added before and after each hit, clamped to the video (default ${DEFAULT_CLIP_PADDING})`),
    title: nameField.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.search) {
      for (const f of ["job_id", "ranges"] as const) {
        if (b[f] !== undefined) ctx.addIssue({ code: "custom", path: [f], message: "cannot be combined with search" });
      }
      return;
    }
    if (b.job_id === undefined) ctx.addIssue({ code: "custom", path: ["job_id"], message: "is required unless search is given" });
    if (b.ranges === undefined) ctx.addIssue({ code: "custom", path: ["ranges"], message: "is required unless search is given" });
    for (const f of ["limit", "padding_s"] as const) {
      if (b[f] !== undefined) ctx.addIssue({ code: "custom", path: [f], message: "only applies with search" });
    }
  })
  .describe("Either `{job_id, ranges}` (ranges of one video) or `{search, limit?, padding_s?}` (the top search hits, in rank order, each padded)");
export type CreateClipBody = z.output<typeof createClipBody>;

export const clipRange = z.object({ job_id: z.string(), start: z.number(), end: z.number() }).meta({ id: "ClipRange" });

export const clipResponse = z
  .object({
    clip_id: z.string(),
    title: z.string(),
    status: z.enum(CLIP_STATUSES),
    ranges: z.array(clipRange).describe("In the order they are joined"),
    duration: z.number().describe("Seconds: the sum of the ranges (the file's own once completed)"),
    error: z.string().optional().describe("Why it failed"),
    download_url: z.string().optional().describe("Once completed: the MP4 as an attachment (presigned, valid 1 h)"),
    stream_url: z.string().optional().describe("Once completed: the MP4 to play (signed token valid 6 h; to share a clip, use `POST /clips/{clip_id}/share`)"),
    share_url: z.string().optional().describe("While the clip is shared: its public page (works until revoked)"),
    file_size: z.number().int().optional(),
    created_at: timestamp,
  })
  .meta({ id: "Clip" });
export type ClipResponse = z.infer<typeof clipResponse>;

export const clipQueuedResponse = z.object({ clip_id: z.string(), status: z.literal("queued") });
export const clipIdParams = z.object({ clip_id: pathId("Clip") });
export const clipStreamQuery = z.object({ token: z.string().max(128).optional() });

const tag = "Clips";
const CREATE_DESCRIPTION = [
  "Cuts ranges of your videos into one MP4 (frame-accurate, audio kept in sync, ranges joined in order). The cut runs in the background: poll `GET /clips/{clip_id}` or subscribe to the `clip.completed` / `clip.failed` webhook events.",
  "",
  `Ranges: 0 ≤ start < end ≤ the video's duration, at most ${MAX_CLIP_RANGES}, ${MAX_CLIP_SECONDS / 60} minutes in all; otherwise 400. With \`search\`, the top \`limit\` hits of the same search as \`POST /search\` become the ranges, in rank order, each padded by \`padding_s\` and clamped to its video (400 when nothing matches).`,
].join("\n");

export const clipShareResponse = z
  .object({
    share_hash: z.string().describe("At least 128 random bits, base64url"),
    url: z.string().describe("The clip's page, readable without signing in until the share is revoked (its data: GET /shared-clips/{share_hash})"),
  })
  .meta({ id: "ClipShare" });

export const sharedClipResponse = z
  .object({
    title: z.string(),
    status: z.enum(CLIP_STATUSES),
    duration: z.number(),
    created_at: timestamp,
    stream_url: z.string().optional().describe("Once cut: the MP4 (GET /shared-clips/{share_hash}/stream), as long as the share lasts"),
  })
  .meta({ id: "SharedClip" });

export const clipShareHashParams = z.object({ share_hash: z.string() });

const shareTag = "Shared clips";
export const clipSharesApi = {
  create: defineEndpoint({ method: "POST", path: "/clips/{clip_id}/share", tag: shareTag, summary: "Share a clip: 201 when created, 200 with the existing share; it works until revoked", auth: "required", params: clipIdParams, response: clipShareResponse, status: 201, idempotent: true, otherResponses: { "200": { description: "The clip's active share, already made", response: clipShareResponse } } }),
  read: defineEndpoint({ method: "GET", path: "/clips/{clip_id}/share", tag: shareTag, summary: "The clip's active share, or 404 Shared clip not found when it has none", auth: "required", params: clipIdParams, response: clipShareResponse }),
  revoke: defineEndpoint({ method: "DELETE", path: "/clips/{clip_id}/share", tag: shareTag, summary: "Revoke the clip's share (its page and stream stop working)", auth: "required", params: clipIdParams, response: okResponse }),
  get: defineEndpoint({ method: "GET", path: "/shared-clips/{share_hash}", tag: shareTag, summary: "A shared clip, without authentication (no user ids, storage paths or keys)", auth: "none", params: clipShareHashParams, response: sharedClipResponse }),
  stream: defineEndpoint({ method: "GET", path: "/shared-clips/{share_hash}/stream", tag: shareTag, summary: "A shared clip's MP4 (302 to a presigned URL); 404 once revoked", auth: "none", params: clipShareHashParams, redirect: true }),
};

export const clipsApi = {
  create: defineEndpoint({ method: "POST", path: "/clips", tag, summary: "Make a clip from ranges of a video or from search hits", description: CREATE_DESCRIPTION, auth: "required", body: createClipBody, response: clipQueuedResponse, status: 202, idempotent: true }),
  list: defineEndpoint({ method: "GET", path: "/clips", tag, summary: "Your clips, newest first (optional `limit`/`cursor` pages)", auth: "required", query: pageQuery, response: z.array(clipResponse) }),
  get: defineEndpoint({ method: "GET", path: "/clips/{clip_id}", tag, summary: "A clip: status, ranges and, once completed, its URLs", auth: "required", params: clipIdParams, response: clipResponse }),
  remove: defineEndpoint({ method: "DELETE", path: "/clips/{clip_id}", tag, summary: "Delete a clip and its file", auth: "required", params: clipIdParams, response: okResponse }),
  stream: defineEndpoint({ method: "GET", path: "/playback/clip/{clip_id}", tag, summary: "A completed clip's MP4 (302 to a presigned URL) with the token of its `stream_url`; 404 without a valid token", auth: "none", params: clipIdParams, query: clipStreamQuery, redirect: true }),
};
