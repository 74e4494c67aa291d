// get_transcript and get_results: a video's segments, as timed text or as the API's Segment objects.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { MODULE_NAMES } from "@/lib/pipeline/modules/registry";
import { getSegments } from "@/lib/results/get-results";
import { moduleName } from "@/lib/schemas/videos";
import { requireVideo } from "@/lib/videos/video-ops";
import type { McpContext } from "../context";
import { transcriptText } from "../transcript";
import { jsonResult, runTool, textResult } from "../tool-result";

/** Most segments one get_results answer holds (an agent's context is finite); `offset` pages on. */
const RESULTS_PAGE = 200;

export function registerResultTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "get_transcript",
    {
      title: "Get the transcript",
      description:
        "The video's transcript as lines `[mm:ss] text`, optionally only between start and end (seconds). Says so when the video has no transcript (not processed yet, no speech, or transcription not selected).",
      inputSchema: {
        job_id: z.string().max(64).describe("The video's job_id"),
        start: z.number().min(0).optional().describe("From this time, in seconds"),
        end: z.number().min(0).optional().describe("Up to this time, in seconds"),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("get_transcript", async () =>
        textResult(await transcriptText(ctx.db, { userId: ctx.user.user_id, jobId: args.job_id, start: args.start, end: args.end })),
      ),
  );

  server.registerTool(
    "get_results",
    {
      title: "Get analysis results",
      description: `The segments one module produced for a video (id, module, content, start_time, end_time in seconds, metadata as JSON text), ordered by start_time, ${RESULTS_PAGE} at a time: pass offset to read on. Modules: ${MODULE_NAMES.join(", ")}.`,
      inputSchema: {
        job_id: z.string().max(64).describe("The video's job_id"),
        module: moduleName.describe("Which module's segments"),
        offset: z.number().int().min(0).default(0).describe("Skip this many segments"),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("get_results", async () => {
        const video = await requireVideo(ctx.db, { userId: ctx.user.user_id, jobId: args.job_id });
        const all = await getSegments(ctx.db, { userId: ctx.user.user_id, jobId: video.jobId, module: args.module });
        const segments = all.slice(args.offset, args.offset + RESULTS_PAGE);
        return jsonResult({
          job_id: video.jobId,
          status: video.status,
          module: args.module,
          total: all.length,
          offset: args.offset,
          next_offset: args.offset + segments.length < all.length ? args.offset + segments.length : null,
          segments,
        });
      }),
  );
}
