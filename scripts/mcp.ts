// npm run --silent mcp: the MCP server on stdio (for desktop agents), relaying to a running app.
// VA_URL (default http://localhost:3000) and VA_API_KEY name the app and the caller. `--silent`
// keeps npm's banner off stdout, which belongs to the protocol.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { connectRemote, RelayError, serveRelay } from "@/lib/mcp/stdio-relay";

async function main() {
  const url = process.env.VA_URL || "http://localhost:3000";
  const apiKey = process.env.VA_API_KEY;
  if (!apiKey) throw new RelayError("Set VA_API_KEY to an API key (and VA_URL to the app's address, default http://localhost:3000)");
  const remote = await connectRemote({ url, apiKey });
  await serveRelay(remote, new StdioServerTransport());
}

main().catch((err) => {
  console.error(err instanceof RelayError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
