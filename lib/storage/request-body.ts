// The body of an upload PUT as a Node stream, for the local driver's write paths. Next hands a
// route handler the request body as a web stream wrapped around the socket's IncomingMessage, and
// reading it costs several times the CPU of the bytes' own way to disk (a copy and a transfer per
// 64 KiB chunk, a promise per step, the garbage of both). In the production server
// scripts/edge-guard.cjs sees the request before Next and lends its IncomingMessage to the storage
// PUT routes under a random one-off id in `x-va-raw-body`; the route streams that straight to the
// file. Anywhere else (tests calling the handlers, a body already touched) the web body is used.
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";

/** Shared with scripts/edge-guard.cjs (a plain CommonJS file loaded before Next). */
const RAW_BODIES = Symbol.for("va.rawRequestBodies");
const RAW_BODY_HEADER = "x-va-raw-body";

function lentBody(req: Request): IncomingMessage | null {
  const id = req.headers.get(RAW_BODY_HEADER);
  const lent = (globalThis as { [RAW_BODIES]?: Map<string, IncomingMessage> })[RAW_BODIES];
  if (!id || !lent) return null;
  const raw = lent.get(id);
  lent.delete(id);
  // Untouched on both sides: nothing read from the socket stream, the web body never disturbed.
  if (!raw || raw.readableDidRead || raw.destroyed || req.bodyUsed || raw.method !== req.method) return null;
  return raw;
}

/** The request body as a Node stream (null without one); read it once, instead of `req.body`. */
export function requestBodyStream(req: Request): Readable | null {
  const raw = lentBody(req);
  if (raw) return raw;
  return req.body ? Readable.fromWeb(req.body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
}
