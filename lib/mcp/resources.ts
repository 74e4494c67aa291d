// Resources: video://{job_id}/transcript (text lines `[mm:ss] words`) and video://{job_id}/report
// (the combined report's JSON, as GET /download/combined-report/{job_id}), listed per video of the caller.
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { combinedReport } from "@/lib/results/get-results";
import { listUserVideos } from "@/lib/videos/video-ops";
import type { McpContext } from "./context";
import { runResource } from "./tool-result";
import { transcriptText } from "./transcript";

function jobIdOf(variables: Record<string, string | string[]>): string {
  const v = variables.job_id;
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

export function registerVideoResources(server: McpServer, ctx: McpContext): void {
  const listed = (suffix: string, label: string) => async () => ({
    resources: (await listUserVideos(ctx.db, { userId: ctx.user.user_id })).map((v) => ({
      uri: `video://${v.jobId}/${suffix}`,
      name: `${v.name} (${label})`,
      mimeType: suffix === "report" ? "application/json" : "text/plain",
    })),
  });

  server.registerResource(
    "transcript",
    new ResourceTemplate("video://{job_id}/transcript", { list: listed("transcript", "transcript") }),
    { title: "Transcript", description: "A video's transcript, one line per utterance: `[mm:ss] text`", mimeType: "text/plain" },
    (uri, variables) =>
      runResource(uri.href, async () => ({
        contents: [{ uri: uri.href, mimeType: "text/plain", text: await transcriptText(ctx.db, { userId: ctx.user.user_id, jobId: jobIdOf(variables) }) }],
      })),
  );

  server.registerResource(
    "report",
    new ResourceTemplate("video://{job_id}/report", { list: listed("report", "report") }),
    { title: "Report", description: "Every segment of a video by module, with its name, duration and status (JSON)", mimeType: "application/json" },
    (uri, variables) =>
      runResource(uri.href, async () => {
        const res = await combinedReport(ctx.db, { userId: ctx.user.user_id, jobId: jobIdOf(variables) });
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: await res.text() }] };
      }),
  );
}
