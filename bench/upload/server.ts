// The object route behind a plain node:http server, the way Next hands it a request: the
// IncomingMessage becomes the body of a web Request (streamed, duplex "half"). Started by run.ts.
// Reports its RSS (at reset and the peak since) and CPU time since reset on /__bench/stats.
import { once } from "node:events";
import http from "node:http";
import path from "node:path";

type RouteFn = (req: Request) => Promise<Response>;

const routeFile = path.join(process.cwd(), "app/api/storage/object/[...key]/route.ts");
const route = (await import(routeFile)) as Record<string, RouteFn>;

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
    const fn = route[req.method ?? "GET"];
    if (!req.url?.startsWith("/api/storage/object/") || !fn) {
      res.writeHead(404).end();
      return;
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (req as unknown as ReadableStream) : undefined,
      duplex: "half",
    } as RequestInit);
    const response = await fn(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (!res.write(chunk)) await once(res, "drain");
      }
    }
    res.end();
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.send?.({ port });
});
