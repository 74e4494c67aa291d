// The MCP server of one caller: tools and resources over the same lib operations (and ownership
// checks) as the API. Stateless: app/api/mcp makes one per request; `npm run mcp` (stdio) relays
// to that endpoint.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpContext } from "./context";
import { registerVideoResources } from "./resources";
import { registerAskTool } from "./tools/ask";
import { registerClipTools } from "./tools/clips";
import { registerResultTools } from "./tools/results";
import { registerSearchTool } from "./tools/search";
import { registerVideoTools } from "./tools/videos";

export const MCP_SERVER_INFO = { name: "video-analysis", version: "1.0.0" } as const;

export const MCP_INSTRUCTIONS =
  "Video analysis of the caller's own videos. Typical flow: list_videos (or search_moments across all of them) → get_video for status and a summary → get_transcript / get_results for the details → ask for questions answered with [mm:ss] citations. process_video queues an uploaded file or a URL to fetch; make_clip cuts ranges or search hits into an MP4, get_clip / list_clips read it back (status, download and stream links). Times are seconds; links open the video at a moment.";

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS });
  registerVideoTools(server, ctx);
  registerSearchTool(server, ctx);
  registerResultTools(server, ctx);
  registerAskTool(server, ctx);
  registerClipTools(server, ctx);
  registerVideoResources(server, ctx);
  return server;
}
