// Upload throughput through a presigned local URL, as a ratio of raw disk write speed measured in
// the same run on the same filesystem, and the server's RSS growth while it streams 1 GiB.
//   npx tsx --conditions=react-server bench/upload/run.ts            (BENCH_UPLOAD_MB=1024, BENCH_ROUNDS=3, BENCH_DIR=os.tmpdir())
import { execSync, fork } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { watchProcess } from "./proc-stats";
import { median } from "../median";

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB || 1024) * MB;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CHUNK = MB;
const dir = fs.mkdtempSync(path.join(process.env.BENCH_DIR || os.tmpdir(), "va-bench-upload-"));

process.env.DATA_DIR = dir;
process.env.STORAGE_DRIVER = "local";
process.env.APP_SECRET = crypto.randomBytes(32).toString("hex");

const chunk = Buffer.alloc(CHUNK);
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const settle = () => execSync("sync");

async function diskWrite(): Promise<number> {
  const file = path.join(dir, "baseline.bin");
  const t0 = performance.now();
  const out = fs.createWriteStream(file, { highWaterMark: CHUNK });
  for (let sent = 0; sent < SIZE; sent += CHUNK) {
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "close");
  const ms = performance.now() - t0;
  fs.rmSync(file);
  settle();
  return ms;
}

function getJson(port: number, p: string): Promise<any> {
  return fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.json());
}

async function upload(port: number, url: string): Promise<{ ms: number; status: number; body: string }> {
  const u = new URL(url);
  const t0 = performance.now();
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "PUT",
    path: u.pathname + u.search,
    headers: { "Content-Type": "video/mp4", "Content-Length": String(SIZE) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", async (res) => {
      let body = "";
      for await (const c of res) body += c;
      resolve({ status: res.statusCode ?? 0, body });
    });
    req.on("error", reject);
  });
  for (let sent = 0; sent < SIZE; sent += CHUNK) {
    if (!req.write(chunk)) await once(req, "drain");
  }
  req.end();
  const r = await response;
  return { ms: performance.now() - t0, ...r };
}

async function main() {
  const child = fork(path.join(import.meta.dirname, "server.ts"), {
    execArgv: ["--import", "tsx", "--expose-gc", "--conditions=react-server"],
    env: process.env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [{ port }] = (await once(child, "message")) as [{ port: number }];
  const watch = watchProcess(child.pid!);
  process.env.APP_URL = `http://127.0.0.1:${port}`;
  const { buildSignedUrl } = await import("../../lib/storage/signing");

  console.log(`upload bench: ${SIZE / MB} MiB, ${ROUNDS} rounds, ${os.cpus().length} cores, dir ${dir}`);
  const disk: number[] = [];
  const up: number[] = [];
  const rss: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    disk.push(await diskWrite());
    await getJson(port, "/__bench/reset");
    watch.reset();
    const key = `users/bench/round-${i}.mp4`;
    const url = buildSignedUrl({ method: "PUT", key, contentType: "video/mp4", expiresIn: 600 });
    const r = await upload(port, url);
    if (r.status !== 200) throw new Error(`upload answered ${r.status}: ${r.body}`);
    const stats = watch.stats();
    await getJson(port, "/__bench/stats");
    rss.push(stats.peak - stats.base);
    cpu.push(stats.cpuMs);
    const stored = fs.statSync(path.join(dir, "storage", key)).size;
    if (stored !== SIZE) throw new Error(`stored ${stored} bytes, expected ${SIZE}`);
    fs.rmSync(path.join(dir, "storage", key));
    settle();
    up.push(r.ms);
    console.log(
      `round ${i + 1}: disk ${mbps(SIZE, disk[i]!).toFixed(0)} MiB/s, upload ${mbps(SIZE, r.ms).toFixed(0)} MiB/s, ` +
        `ratio ${(disk[i]! / r.ms).toFixed(2)}, server RSS +${(rss[i]! / MB).toFixed(1)} MiB, ` +
        `server CPU ${(cpu[i]! / 1000).toFixed(2)} s`,
    );
  }
  const d = median(disk);
  const u = median(up);
  const ratio = median(disk.map((ms, i) => ms / up[i]!));
  console.log(
    `\nmedian: disk write ${mbps(SIZE, d).toFixed(0)} MiB/s, presigned upload ${mbps(SIZE, u).toFixed(0)} MiB/s, ` +
      `upload/disk ratio ${ratio.toFixed(2)} (median of rounds), max server RSS growth ${(Math.max(...rss) / MB).toFixed(1)} MiB, ` +
      `server CPU ${(median(cpu) / 1000 / (SIZE / 1024 ** 3)).toFixed(2)} s per GiB`,
  );
  child.kill();
  watch.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
