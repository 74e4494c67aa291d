// A real webhook receiver on 127.0.0.1 (port 0): records every request and answers with the next
// status of `statuses` (the last one repeats). No app imports, so e2e specs can use it too.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses to answer, in order; the last repeats. A `hang` status never answers. */
  statuses: (number | "hang")[];
  waitFor: (n: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

export async function startReceiver(statuses: (number | "hang")[] = [200]): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  let served = 0;
  const receiver: Receiver = {
    url: "",
    received,
    statuses,
    waitFor: async (n, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} webhooks in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* kept as text */
      }
      received.push({ headers: req.headers, body, json, at: Date.now() });
      const list = receiver.statuses;
      const status = list[Math.min(served++, list.length - 1)]!;
      if (status === "hang") return;
      if (status >= 300 && status < 400) res.setHeader("location", "http://127.0.0.1:9/elsewhere");
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
