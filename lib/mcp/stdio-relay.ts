// `npm run mcp`: the MCP server on stdio for desktop agents, relaying every request to a running
// app's /api/mcp (Streamable HTTP) with the caller's credential. One implementation of the tools
// (the app's), so stdio and HTTP cannot drift apart, and the API's rules apply to both alike.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

export class RelayError extends Error {}

/** The API's `detail` inside an SDK transport error's message, if it carries one. */
function detailIn(message: string): string | null {
  const m = /"detail"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(message);
  return m ? (JSON.parse(`"${m[1]}"`) as string) : null;
}

export async function connectRemote(opts: { url: string; apiKey: string }): Promise<Client> {
  const endpoint = new URL("/api/mcp", opts.url);
  const client = new Client({ name: "video-analysis-stdio-relay", version: "1.0.0" });
  try {
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: opts.apiKey } } }));
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    const detail = detailIn(message);
    throw new RelayError(detail ? `${endpoint.href}: ${detail}` : `Could not reach ${endpoint.href}: ${message}`);
  }
  return client;
}

/** Serves on `transport` (stdio) what `remote` offers, request by request. */
export async function serveRelay(remote: Client, transport: Transport): Promise<Server> {
  const info = remote.getServerVersion() ?? { name: "video-analysis", version: "1.0.0" };
  const server = new Server(
    { name: info.name, version: info.version },
    { capabilities: { tools: {}, resources: {} }, instructions: remote.getInstructions() },
  );
  server.setRequestHandler(ListToolsRequestSchema, (req) => remote.listTools(req.params));
  server.setRequestHandler(CallToolRequestSchema, async (req) => (await remote.callTool(req.params)) as { content: [] });
  server.setRequestHandler(ListResourcesRequestSchema, (req) => remote.listResources(req.params));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) => remote.listResourceTemplates(req.params));
  server.setRequestHandler(ReadResourceRequestSchema, (req) => remote.readResource(req.params));
  server.onclose = () => void remote.close().catch(() => {});
  await server.connect(transport);
  return server;
}
