// ask: POST /chat/ask for agents — a question about one video (job_id) or a project's videos,
// answered from the stored analysis with `[mm:ss]` citations, in a chat session it can continue.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { badRequest } from "@/lib/core/errors";
import { askQuestion } from "@/lib/chat/ask";
import { CHAT_MODES } from "@/lib/schemas/chat";
import { MAX_QUERY_CHARS } from "@/lib/core/search-limits";
import { momentLink, type McpContext } from "../context";
import { runTool } from "../tool-result";

export function registerAskTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "ask",
    {
      title: "Ask about a video",
      description:
        "Ask a question about one video (job_id) or all videos of a project (project_id). The answer is built from the stored analysis and cites moments as [mm:ss] (the cited moments are listed with links after it). Pass the returned session_id to ask a follow-up in the same conversation.",
      inputSchema: {
        question: z.string().trim().min(1).max(MAX_QUERY_CHARS).describe("The question"),
        job_id: z.string().max(64).optional().describe("The video to ask about"),
        project_id: z.string().max(64).optional().describe("Ask about all videos of this project instead"),
        session_id: z.string().max(64).optional().describe("Continue this conversation (from an earlier answer)"),
        mode: z.enum(CHAT_MODES).default("vector").describe("vector: the most relevant segments; brute_force: all segments, compressed"),
      },
    },
    (args) =>
      runTool("ask", async () => {
        if (!args.job_id && !args.project_id && !args.session_id) throw badRequest("job_id: required (or project_id, or session_id to continue a conversation)");
        const result = await askQuestion(ctx.db, {
          userId: ctx.user.user_id,
          videoId: args.job_id,
          projectId: args.project_id,
          question: args.question,
          sessionId: args.session_id,
          mode: args.mode,
          signal: ctx.signal,
        });
        const cited = result.citations.map((c) => `- ${c.video_name} ${momentLink(ctx, c.job_id, c.start_time)}`);
        const text = [result.answer, ...(cited.length ? ["", "Cited moments:", ...cited] : []), "", `session_id: ${result.session_id}`].join("\n");
        return { content: [{ type: "text", text }], structuredContent: { answer: result.answer, session_id: result.session_id, citations: result.citations } };
      }),
  );
}
