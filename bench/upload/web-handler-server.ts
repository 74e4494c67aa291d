// A plain node:http server around a web handler, the way Next hands a route handler its request:
// the IncomingMessage becomes the streamed body of a web Request (duplex "half"), aborted when the
// client goes away. /__bench/reset and /__bench/stats report the process's RSS (at reset and the
// peak since, sampled every 20 ms) and CPU time since reset. Used by server.ts and app-server.ts.
import { once } from "node:events";
import http from "node:http";

export function serveWebHandler(handler: (req: Request) => Promise<Response>, onListen: (port: number) => void): http.Server {
  let base = process.memoryUsage.rss();
  let peak = base;
  let cpu = process.cpuUsage();
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20).unref();

  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === "/__bench/reset") {
        global.gc?.();
        base = peak = process.memoryUsage.rss();
        cpu = process.cpuUsage();
        res.end(JSON.stringify({ rss: base }));
        return;
      }
      if (req.url === "/__bench/stats") {
        const used = process.cpuUsage(cpu);
        res.end(JSON.stringify({ base, peak: Math.max(peak, process.memoryUsage.rss()), cpuMs: (used.user + used.system) / 1000 }));
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
