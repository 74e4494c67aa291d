// The app's /api route handlers behind a plain node:http server, the way Next hands them a
// request (the IncomingMessage becomes the streamed body of a web Request, duplex "half"), with
// the embedded database in DATA_DIR and one user. Started by multipart.ts; sends {port, apiKey}
// over IPC. Reports its RSS (at reset and the peak since) and CPU time on /__bench/stats.
import { once } from "node:events";
import http from "node:http";
import { getDb } from "../../db/client";
import { createUserWithKey } from "../../lib/users/create-user-with-key";
import { dispatch } from "../../tests/helpers/routes";

const db = await getDb();
const { api_key: apiKey } = await createUserWithKey(db, { email: "bench@example.com", name: "Bench" });

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
    const response = await dispatch(request);
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

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.send?.({ port, apiKey });
});
