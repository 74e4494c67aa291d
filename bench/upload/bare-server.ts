// The baseline of the multipart bench: a bare node:http server that streams a PUT body to a file
// (fs.createWriteStream through pipeline) and answers 200 `{file, size}` when it is written (the
// bench removes the file, as it removes the app's). /__bench/reset and
// /__bench/stats bracket an upload (a CPU profile of it with BENCH_PROFILE_DIR); the bench reads
// RSS and CPU time from /proc (proc-stats.ts).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { benchProfiler } from "./profiler";

const dir = process.env.BARE_DIR!;
/** BENCH_BARE_HWM: the write stream's highWaterMark (Node's default, 16 KiB, unless set). */
const highWaterMark = Number(process.env.BENCH_BARE_HWM) || undefined;
let n = 0;
const profiler = benchProfiler("bare");
const server = http.createServer(async (req, res) => {
  if (req.url === "/__bench/reset") {
    await profiler.start();
    res.end("{}");
    return;
  }
  if (req.url === "/__bench/stats") {
    await profiler.stop();
    res.end("{}");
    return;
  }
  const file = path.join(dir, `bare-${process.pid}-${n++}.bin`);
  try {
    await pipeline(req, fs.createWriteStream(file, { highWaterMark }));
    res.end(JSON.stringify({ file, size: fs.statSync(file).size }));
  } catch {
    fs.rmSync(file, { force: true });
    res.writeHead(400).end();
  }
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as { port: number }).port }));
