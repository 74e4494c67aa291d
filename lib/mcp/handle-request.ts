// One MCP request over Streamable HTTP, stateless: a fresh server and transport per request
// (nothing to keep between requests, so any app process can answer any request), JSON answers.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { McpContext } from "./context";
import { createMcpServer } from "./server";

/** The transport's own error answers are JSON-RPC errors; they also get the API's `detail`. */
async function withDetail(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = {};
  }
  const message = (body.error as { message?: unknown } | undefined)?.message;
  const detail = typeof message === "string" && message ? message : `MCP request failed (${res.status})`;
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ ...body, detail }), { status: res.status, headers });
}

export async function handleMcpRequest(req: Request, ctx: McpContext, parsedBody: unknown): Promise<Response> {
  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await withDetail(await transport.handleRequest(req, { parsedBody }));
  } finally {
    await server.close().catch(() => {});
  }
}
