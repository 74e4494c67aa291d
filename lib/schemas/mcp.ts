// The MCP endpoint's contract: JSON-RPC 2.0 messages of the Model Context Protocol (Streamable
// HTTP, stateless), authenticated like every other endpoint.
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";

const jsonRpcMessage = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string().max(255).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "JsonRpcMessage", description: "A JSON-RPC 2.0 request, notification or response" });

export const mcpBody = z.union([jsonRpcMessage, z.array(jsonRpcMessage).min(1).max(100)], {
  error: "must be a JSON-RPC 2.0 message (jsonrpc: \"2.0\") or a batch of them",
});

export const MCP_DESCRIPTION = [
  "The Model Context Protocol over Streamable HTTP, stateless (no `Mcp-Session-Id`): every POST carries",
  "JSON-RPC messages (`initialize`, `tools/list`, `tools/call`, `resources/list`, `resources/read`, …) and is",
  "answered with JSON. Send `Accept: application/json, text/event-stream`. Tools: list_videos, get_video,",
  "search_moments, get_transcript, get_results, ask, process_video, make_clip, get_clip, list_clips; resources `video://{job_id}/transcript` and",
  "`video://{job_id}/report`. A tool error is a result with `isError: true` whose text is the API's `detail`.",
  "Transport errors (wrong Accept, bad JSON-RPC) keep the JSON-RPC error body and add `detail`.",
].join(" ");

export const mcpApi = {
  call: defineEndpoint({
    method: "POST",
    path: "/mcp",
    tag: "Agents",
    summary: "MCP (Model Context Protocol) server for AI agents: tools and resources over your videos",
    description: MCP_DESCRIPTION,
    auth: "required",
    body: mcpBody,
    response: z.union([jsonRpcMessage, z.array(jsonRpcMessage)]),
    otherResponses: {
      "202": { description: "Only notifications or responses were sent: accepted, no body", noBody: true },
      "406": { description: "The Accept header does not name both application/json and text/event-stream (the JSON-RPC error, with `detail` beside it)" },
      "415": { description: "The body is not application/json (the JSON-RPC error, with `detail` beside it)" },
    },
  }),
};
