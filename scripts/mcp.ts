// npm run --silent mcp: the MCP server on stdio (for desktop agents), relaying to a running app.
// VA_URL (default http://localhost:3000) and VA_API_KEY name the app and the caller. `--silent`
// keeps npm's banner off stdout, which belongs to the protocol. A refused key or an unreachable
// app does not stop it: the client is told why in answer to each request (and stderr says it once).
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { serveRelay } from "@/lib/mcp/stdio-relay";

const opts = { url: process.env.VA_URL || "http://localhost:3000", apiKey: process.env.VA_API_KEY || undefined };
serveRelay(opts, new StdioServerTransport(), (reason) => console.error(reason)).catch((err) => {
  console.error(`Error: ${(err as Error).message}`);
  process.exit(1);
});
