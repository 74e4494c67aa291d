// The baseline of the multipart bench: a bare node:http server that streams a PUT body to a file
// (fs.createWriteStream through pipeline) and answers 200 when it is written; /__bench/stats gives
// its CPU time since /__bench/reset.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const dir = process.env.BARE_DIR!;
let n = 0;
let cpu = process.cpuUsage();
const server = http.createServer(async (req, res) => {
  if (req.url === "/__bench/reset") {
    cpu = process.cpuUsage();
    res.end("{}");
    return;
  }
  if (req.url === "/__bench/stats") {
    const used = process.cpuUsage(cpu);
    res.end(JSON.stringify({ cpuMs: (used.user + used.system) / 1000 }));
    return;
  }
  const file = path.join(dir, `bare-${process.pid}-${n++}.bin`);
  try {
    await pipeline(req, fs.createWriteStream(file));
    res.end(JSON.stringify({ size: fs.statSync(file).size }));
  } catch {
    res.writeHead(400).end();
  } finally {
    fs.rmSync(file, { force: true });
  }
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as { port: number }).port }));
