// A plain node:http server around a web handler, the way Next hands a route handler its request:
// the IncomingMessage becomes the streamed body of a web Request (duplex "half"), aborted when the
// client goes away. /__bench/reset (before an upload: a GC, and a CPU profile starts when
// BENCH_PROFILE_DIR is set) and /__bench/stats (after it: the profile is written); the bench reads
// RSS and CPU time from /proc (proc-stats.ts). Used by server.ts and app-server.ts.
import { once } from "node:events";
import http from "node:http";
import { benchProfiler } from "./profiler";

export function serveWebHandler(handler: (req: Request) => Promise<Response>, onListen: (port: number) => void): http.Server {
  const profiler = benchProfiler("app");

  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === "/__bench/reset") {
        global.gc?.();
        await profiler.start();
        res.end("{}");
        return;
      }
      if (req.url === "/__bench/stats") {
        await profiler.stop();
        res.end("{}");
        return;
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const ac = new AbortController();
      res.on("close", () => !res.writableFinished && ac.abort());
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? (req as unknown as ReadableStream) : undefined,
        duplex: "half",
        signal: ac.signal,
      } as RequestInit);
      const response = await handler(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (!res.write(chunk)) await once(res, "drain");
        }
      }
      res.end();
    } catch (err) {
      if (!res.headersSent) res.writeHead(500);
      res.end();
      if ((err as Error).name !== "AbortError") console.error(err);
    }
  });
  server.listen(0, "127.0.0.1", () => onListen((server.address() as { port: number }).port));
  return server;
}
