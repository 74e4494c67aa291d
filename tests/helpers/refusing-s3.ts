// The local S3 (s3rver, ./s3.ts) behind a small proxy that every process and the
// client's presigned uploads go through. `refuseWrites(ms)` makes it answer every write (PUT, POST,
// DELETE: uploads, multipart steps, derived files, removals) with S3's own 503 SlowDown for that
// long, as an overloaded bucket does; reads (GET, HEAD) pass. The refused requests are counted.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startLocalS3, type LocalS3 } from "./s3";

const SLOW_DOWN = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>soak</RequestId></Error>`;

export interface RefusingS3 {
  s3: LocalS3;
  /** The proxy's address: what S3_ENDPOINT names. */
  endpoint: string;
  refused: number;
  useAsStorage(): void;
  /** Refuses writes from now for `ms` (resolves when they are taken again). */
  refuseWrites(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRefusingS3(bucket: string): Promise<RefusingS3> {
  const s3 = await startLocalS3(bucket);
  const target = new URL(s3.endpoint);
  let refusingUntil = 0;
  const state = { refused: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    if (Date.now() < refusingUntil && req.method !== "GET" && req.method !== "HEAD") {
      state.refused++;
      req.resume();
      res.writeHead(503, { "content-type": "application/xml", "retry-after": "1" }).end(SLOW_DOWN);
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    s3,
    endpoint: `http://127.0.0.1:${port}`,
    get refused() {
      return state.refused;
    },
    /** Sets STORAGE_DRIVER=s3 and the S3_* / AWS_* variables for this proxy (in this process). */
    useAsStorage() {
      s3.useAsStorage();
      process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
    },
    async refuseWrites(ms: number) {
      refusingUntil = Date.now() + ms;
      await new Promise((r) => setTimeout(r, ms));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
      await s3.close();
    },
  };
}
