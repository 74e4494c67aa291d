// search_moments: POST /search for agents — the same hybrid search and scope rules, each hit with
// a link that opens the video at the moment.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { searchSegments } from "@/lib/search/search-segments";
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT } from "@/lib/core/search-limits";
import { moduleList } from "@/lib/schemas/videos";
import { momentLink, type McpContext } from "../context";
import { jsonResult, runTool } from "../tool-result";

export function registerSearchTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "search_moments",
    {
      title: "Search moments",
      description:
        "Find moments in the caller's completed videos by words or meaning (spoken text, on-screen text, visual descriptions, scenes). Returns hits with job_id, start and end (seconds), text, module, similarity (0–1) and a link that opens the video at the moment. Narrow with job_ids or project_id; lower threshold to find looser matches.",
      inputSchema: {
        query: z.string().trim().min(1).max(MAX_QUERY_CHARS).describe("What to look for, in natural language"),
        job_ids: z.array(z.string().max(64)).max(1000).optional().describe("Search only these videos"),
        project_id: z.string().max(64).optional().describe("Search only the completed videos of this project"),
        modules: moduleList.optional().describe("Only segments of these modules"),
        threshold: z.number().min(0).max(1).default(DEFAULT_SEARCH_THRESHOLD).describe("Minimum similarity, 0–1"),
        limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT).describe("Most hits to return"),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("search_moments", async () => {
        const hits = await searchSegments(ctx.db, {
          userId: ctx.user.user_id,
          query: args.query,
          jobIds: args.job_ids,
          projectId: args.project_id,
          modules: args.modules,
          threshold: args.threshold,
          limit: args.limit,
          signal: ctx.signal,
        });
        return jsonResult(
          hits.map((h) => ({
            job_id: h.job_id,
            start: h.start_time,
            end: h.end_time,
            text: h.content,
            module: h.module,
            similarity: Math.round(h.similarity * 1000) / 1000,
            link: momentLink(ctx, h.job_id, h.start_time),
          })),
        );
      }),
  );
}
