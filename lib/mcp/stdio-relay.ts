// `npm run mcp`: the MCP server on stdio for desktop agents, relaying every request to a running
// app's /api/mcp (Streamable HTTP) with the caller's credential. One implementation of the tools
// (the app's), so stdio and HTTP cannot drift apart, and the API's rules apply to both alike.
// When the app refuses the key or cannot be reached, the stdio server still starts and answers
// `initialize`, and every other request is a JSON-RPC error saying why (a client that only sees
// its server exit can show nothing but "Connection closed"); it tries to connect again on each.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { protocolError } from "./protocol-error";

export class RelayError extends Error {}

/** The API's `detail` inside an SDK transport error's message, if it carries one. */
function detailIn(message: string): string | null {
  const m = /"detail"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(message);
  return m ? (JSON.parse(`"${m[1]}"`) as string) : null;
}

export interface RemoteOptions {
  url: string;
  /** Undefined when VA_API_KEY is not set: every request then says so. */
  apiKey: string | undefined;
}

export const MISSING_KEY = "Set VA_API_KEY to an API key (and VA_URL to the app's address, default http://localhost:3000)";

export async function connectRemote(opts: RemoteOptions): Promise<Client> {
  if (!opts.apiKey) throw new RelayError(MISSING_KEY);
  const endpoint = new URL("/api/mcp", opts.url);
  const client = new Client({ name: "video-analysis-stdio-relay", version: "1.0.0" });
  try {
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: opts.apiKey } } }));
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    const detail = detailIn(message);
    throw new RelayError(
      detail ? `${endpoint.href} refused VA_API_KEY: ${detail}` : `Could not reach ${endpoint.href}: ${message} (is the app running? VA_URL names it)`,
    );
  }
  return client;
}

/** The remote's error as this server's own, its message without the SDK's `MCP error <code>: ` (the client adds it once). */
function relayed(err: unknown): never {
  if (err instanceof McpError) throw protocolError(err.code, err.message.replace(/^(MCP error -?\d+: )+/, ""), err.data);
  throw err;
}

/**
 * Serves on `transport` (stdio) what the app at `opts.url` offers, request by request. Connects
 * first (so `initialize` carries the app's instructions); when that fails, requests other than
 * `initialize` answer the reason as a JSON-RPC error until a later attempt succeeds.
 */
export async function serveRelay(opts: RemoteOptions, transport: Transport, onProblem: (reason: string) => void = () => {}): Promise<Server> {
  const state: { remote: Client | null; reason: string } = { remote: null, reason: "" };
  const attach = async (): Promise<Client> => {
    if (state.remote) return state.remote;
    try {
      return (state.remote = await connectRemote(opts));
    } catch (err) {
      if (!(err instanceof RelayError)) throw err;
      if (err.message !== state.reason) onProblem(err.message);
      state.reason = err.message;
      throw protocolError(ErrorCode.InvalidRequest, err.message, { reason: err.message });
    }
  };
  await attach().catch(() => {});
  const { remote, reason } = state;
  const info = remote?.getServerVersion() ?? { name: "video-analysis", version: "1.0.0" };
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: remote ? remote.getInstructions() : `Not connected to the video analysis app: ${reason}`,
    },
  );
  const via = <T>(work: (c: Client) => Promise<T>) => async (): Promise<T> => work(await attach()).catch(relayed);
  server.setRequestHandler(ListToolsRequestSchema, (req) => via((c) => c.listTools(req.params))());
  server.setRequestHandler(CallToolRequestSchema, (req) => via(async (c) => (await c.callTool(req.params)) as { content: [] })());
  server.setRequestHandler(ListResourcesRequestSchema, (req) => via((c) => c.listResources(req.params))());
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) => via((c) => c.listResourceTemplates(req.params))());
  server.setRequestHandler(ReadResourceRequestSchema, (req) => via((c) => c.readResource(req.params))());
  server.onclose = () => void state.remote?.close().catch(() => {});
  await server.connect(transport);
  return server;
}
