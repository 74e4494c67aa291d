// make_clip: cut ranges of one video, or the top hits of a search, into one MP4 (POST /api/clips);
// get_clip and list_clips read what was made (GET /api/clips/{clip_id}, GET /api/clips), through
// the same operations and response shape as those routes.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { badRequest } from "@/lib/core/errors";
import { zodDetail } from "@/lib/api/zod-detail";
import { createClip, listUserClips, requireClip } from "@/lib/clips/clip-ops";
import { toClipResponse } from "@/lib/clips/clip-response";
import { CLIP_STATUSES, createClipBody, DEFAULT_CLIP_PADDING, DEFAULT_CLIP_SEARCH_HITS, MAX_CLIP_PADDING, MAX_CLIP_RANGES, MAX_CLIP_SEARCH_HITS } from "@/lib/schemas/clips";
import type { McpContext } from "../context";
import { jsonResult, runTool } from "../tool-result";

const MAX_LISTED_CLIPS = 100;

export function registerClipTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "make_clip",
    {
      title: "Make a clip",
      description: `Cut a playable MP4 from the caller's videos: either job_id with ranges (seconds, joined in order, at most ${MAX_CLIP_RANGES}, 30 minutes in all), or query (the top search hits become the ranges, each padded by padding_s). Returns clip_id and status "queued"; the clip is cut in the background (get_clip gives its download_url and stream_url once completed).`,
      inputSchema: {
        job_id: z.string().max(64).optional().describe("With ranges: the video to cut"),
        ranges: z.array(z.object({ start: z.number().min(0), end: z.number().min(0) })).max(MAX_CLIP_RANGES).optional().describe("With job_id: [{start, end}] in seconds"),
        query: z.string().max(1000).optional().describe("Instead of job_id/ranges: a search whose top hits become the clip"),
        job_ids: z.array(z.string().max(64)).max(1000).optional().describe("With query: only these videos"),
        project_id: z.string().max(64).optional().describe("With query: only this project's videos"),
        limit: z.number().int().min(1).max(MAX_CLIP_SEARCH_HITS).optional().describe(`With query: how many hits (default ${DEFAULT_CLIP_SEARCH_HITS})`),
        padding_s: z.number().min(0).max(MAX_CLIP_PADDING).optional().describe(`With query: seconds added around each hit (default ${DEFAULT_CLIP_PADDING})`),
        title: z.string().max(255).optional().describe("The clip's title"),
      },
    },
    (args) =>
      runTool("make_clip", async () => {
        const input =
          args.query !== undefined
            ? { search: { query: args.query, job_ids: args.job_ids, project_id: args.project_id }, limit: args.limit, padding_s: args.padding_s, title: args.title }
            : { job_id: args.job_id, ranges: args.ranges, title: args.title };
        const parsed = createClipBody.safeParse(input);
        if (!parsed.success) throw badRequest(zodDetail(parsed.error, "body", input));
        const clip = await createClip(ctx.db, { userId: ctx.user.user_id, body: parsed.data, signal: ctx.signal });
        return jsonResult({ clip_id: clip.id, status: clip.status, duration: clip.duration, ranges: clip.ranges });
      }),
  );

  server.registerTool(
    "get_clip",
    {
      title: "Get a clip",
      description:
        "One of the caller's clips (a clip_id from make_clip or list_clips): status (queued, processing, completed, failed; error when failed), title, ranges, duration in seconds and, once completed, download_url (the MP4 as an attachment, valid 1 h), stream_url (to play it, shareable, valid 6 h) and file_size. Poll it after make_clip until status is completed or failed.",
      inputSchema: { clip_id: z.string().max(64).describe("The clip's id (from make_clip or list_clips)") },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("get_clip", async () => jsonResult(await toClipResponse(await requireClip(ctx.db, { userId: ctx.user.user_id, clipId: args.clip_id })))),
  );

  server.registerTool(
    "list_clips",
    {
      title: "List clips",
      description: `The caller's clips, newest first, each as get_clip shows it (clip_id, title, status, ranges, duration, and the download_url and stream_url of completed ones). At most ${MAX_LISTED_CLIPS}.`,
      inputSchema: {
        status: z.enum(CLIP_STATUSES).optional().describe("Only clips in this status"),
        limit: z.number().int().min(1).max(MAX_LISTED_CLIPS).optional().describe(`How many (default ${MAX_LISTED_CLIPS})`),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("list_clips", async () => {
        const clips = (await listUserClips(ctx.db, { userId: ctx.user.user_id, page: null })).filter((c) => !args.status || c.status === args.status);
        return jsonResult(await Promise.all(clips.slice(0, args.limit ?? MAX_LISTED_CLIPS).map(toClipResponse)));
      }),
  );
}
