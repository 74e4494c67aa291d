// POST /chat/ask as an event stream (Accept: text/event-stream): the answer's text grows with each
// `delta` event; the `message` event is the same body the JSON call returns. An error before the
// stream starts arrives as the usual {detail} with its status; one during it as an `error` event.
import { ApiClientError, unwrapResponse } from "./api-client";

export interface StreamEvent {
  type: string;
  text?: string;
  detail?: string;
  [key: string]: unknown;
}

/** Splits an SSE text into complete `data:` payloads and the unfinished rest. */
export function parseSseChunk(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (!data) continue;
    try {
      events.push(JSON.parse(data) as StreamEvent);
    } catch {
      /* not ours */
    }
  }
  return { events, rest };
}

/**
 * Reads the answer of a typed client call made with `Accept: text/event-stream` and
 * `parseAs: "stream"`; calls onText with the whole text so far.
 */
export async function postStreaming<T>(
  call: Parameters<typeof unwrapResponse>[0],
  opts: { onText?: (text: string) => void } = {},
): Promise<T> {
  const res = await unwrapResponse(call);
  if (!/text\/event-stream/i.test(res.headers.get("content-type") ?? "") || !res.body) return (await res.json()) as T;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const parsed = parseSseChunk(buffer + value);
      buffer = parsed.rest;
      for (const e of parsed.events) {
        if (e.type === "delta" && typeof e.text === "string") {
          text += e.text;
          opts.onText?.(text);
        } else if (e.type === "message") {
          const { type: _type, ...message } = e;
          return message as T;
        } else if (e.type === "error") {
          throw new ApiClientError(500, e.detail ?? "The answer stopped before it was complete.");
        }
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  throw new ApiClientError(0, "The connection closed before the answer was complete. Try again.");
}
