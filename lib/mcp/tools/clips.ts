// make_clip: cut ranges of one video, or the top hits of a search, into one MP4 (POST /api/clips).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { badRequest } from "@/lib/api/errors";
import { zodDetail } from "@/lib/api/zod-detail";
import { createClip } from "@/lib/clips/clip-ops";
import { createClipBody, DEFAULT_CLIP_PADDING, DEFAULT_CLIP_SEARCH_HITS, MAX_CLIP_PADDING, MAX_CLIP_RANGES, MAX_CLIP_SEARCH_HITS } from "@/lib/schemas/clips";
import type { McpContext } from "../context";
import { jsonResult, runTool } from "../tool-result";

export function registerClipTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "make_clip",
    {
      title: "Make a clip",
      description: `Cut a playable MP4 from the caller's videos: either job_id with ranges (seconds, joined in order, at most ${MAX_CLIP_RANGES}, 30 minutes in all), or query (the top search hits become the ranges, each padded by padding_s). Returns clip_id and status "queued"; the clip is cut in the background (GET /api/clips/{clip_id} gives its download_url and stream_url once completed).`,
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
}
