// Tool answers and tool errors. A failure a client caused (the API's 4xx: `Video not found`,
// `limit: must be at most 200`, …) is an `isError` result carrying the API's `detail`, which an
// agent can read and act on; anything unexpected is logged here with an id and answered
// `Internal server error`, never with a stack trace or a path.
import crypto from "node:crypto";
import { ErrorCode, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { clientErrorOf } from "@/lib/storage/errors";
import { logger } from "@/lib/log/logger";
import { protocolError } from "./protocol-error";

const log = logger("mcp");

/** The detail a client may see for `err`, and whether it was the client's mistake. */
export function publicDetail(err: unknown, where: string): { detail: string; status: number } {
  const known = clientErrorOf(err);
  if (known) return { detail: known.detail, status: known.status };
  const id = crypto.randomUUID();
  log.error({ err }, `${id} ${where} failed`);
  return { detail: "Internal server error", status: 500 };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}

export function jsonResult(value: unknown): CallToolResult {
  return textResult(JSON.stringify(value, null, 2));
}

/** Runs a tool's work; errors become an `isError` result with the API's detail. */
export async function runTool(name: string, work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    const { detail } = publicDetail(err, `tool ${name}`);
    return { isError: true, content: [{ type: "text", text: detail }] };
  }
}

/** For resource reads, whose errors are JSON-RPC errors: the same detail (prefixed once, by the client). */
export async function runResource<T>(uri: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const { detail, status } = publicDetail(err, `resource ${uri}`);
    throw protocolError(status < 500 ? ErrorCode.InvalidParams : ErrorCode.InternalError, detail, { status });
  }
}
