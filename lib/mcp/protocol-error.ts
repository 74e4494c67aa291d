// A JSON-RPC error our MCP servers answer. The SDK's McpError puts `MCP error <code>: ` into its
// message and sends that message on the wire, where the client's McpError adds the prefix again
// (`MCP error -32602: MCP error -32602: Video not found`); this one sends only the text.
import { McpError } from "@modelcontextprotocol/sdk/types.js";

export function protocolError(code: number, message: string, data?: unknown): McpError {
  const err = new McpError(code, message, data);
  err.message = message;
  return err;
}
