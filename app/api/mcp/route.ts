import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { env } from "@/lib/env";
import { handleMcpRequest } from "@/lib/mcp/handle-request";
import { mcpApi } from "@/lib/schemas/mcp";

export const dynamic = "force-dynamic";

// POST /api/mcp – the MCP server (Streamable HTTP, stateless) for the caller's videos
export const POST = handle(mcpApi.call, ({ req, db, user, body }) =>
  handleMcpRequest(req, { db, user, baseUrl: env().APP_URL, signal: req.signal }, body),
);

// GET (a server-to-client stream) and DELETE (a session's end) have no meaning without sessions.
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
