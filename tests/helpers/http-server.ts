// A real HTTP server on 127.0.0.1 in front of the route handlers, for tests that need a real
// client (streams, aborts): node:http in, web Request → route handler → web Response out.
// By default the request body is `Readable.toWeb(req)`, which starts reading the socket at once;
// `untouchedBody` hands the IncomingMessage itself to the Request as Next does, unread until the
// route reads it (what scripts/edge-guard.cjs needs to lend it to the storage PUT routes).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { dispatch } from "./routes";

export interface HttpServerOptions {
  /** The IncomingMessage itself as the web body (as Next passes it), not `Readable.toWeb(req)`. */
  untouchedBody?: boolean;
  /** Sees each request as the route got it, once the route has answered (before the body is sent). */
  observe?: (request: Request, req: http.IncomingMessage) => void;
}

export async function startHttpServer(opts: HttpServerOptions = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? ((opts.untouchedBody ? req : Readable.toWeb(req)) as ReadableStream) : undefined,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs this for a streamed body
      duplex: "half",
    });
    try {
      const response = await dispatch(request);
      opts.observe?.(request, req);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      const reader = response.body.getReader();
      controller.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
      res.end();
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/**
 * A server for the tests of this file (or describe block): started in beforeAll, closed in afterAll.
 * `url` can be read once it has started. With `appUrl`, APP_URL points at it, so the absolute URLs the
 * app hands out (uploads, playback) lead back to it.
 */
export function useHttpServer(opts: { appUrl?: boolean } & HttpServerOptions = {}): { readonly url: string } {
  let server: Awaited<ReturnType<typeof startHttpServer>> | undefined;
  beforeAll(async () => {
    server = await startHttpServer(opts);
    if (opts.appUrl) process.env.APP_URL = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error("the HTTP server is started in beforeAll");
      return server.url;
    },
  };
}

/** Reads an SSE response into events and comment lines until it ends or `until` says stop. */
export async function readSse(
  res: Response,
  until: (events: any[], comments: string[]) => boolean = () => false,
): Promise<{ events: any[]; comments: string[]; ended: boolean }> {
  const events: any[] = [];
  const comments: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { events, comments, ended: true };
    buf += decoder.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      for (const line of block.split("\n")) {
        if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)));
        else if (line.startsWith(":")) comments.push(line.slice(1).trim());
      }
    }
    if (until(events, comments)) {
      await reader.cancel();
      return { events, comments, ended: false };
    }
  }
}
