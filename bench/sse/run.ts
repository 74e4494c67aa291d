// bench/sse: memory of the production server holding many open event streams. Starts the app
// (`node scripts/start.mjs`, built if needed) on an empty data directory, registers one video that
// is not processing (its stream stays open with a keepalive every second), then opens N streams and
// prints the server process's RSS before, with them open (after they settle) and per stream.
//
//   npx tsx bench/sse/run.ts [--clients 500] [--port 3219] [--hold 10]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const clients = opt("clients", 500);
const port = opt("port", 3219);
const hold = opt("hold", 10);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssOfTree(pgid: number): number {
  let kb = 0;
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${e}/status`, "utf8"));
      if (m && /next-server|next start|node/.test(fs.readFileSync(`/proc/${e}/cmdline`, "utf8") + stat)) kb += Number(m[1]);
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-sse-"));
  let out = "";
  const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "", RATE_LIMIT_PER_MINUTE: "1000000" },
  });
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  try {
    let key = "";
    for (let i = 0; i < 6000 && !key; i++) {
      key = /API key: (svc_live_[0-9a-f]{64})/.exec(out)?.[1] ?? "";
      await sleep(100);
    }
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await sleep(200);
    }
    const json = (p: string, body: unknown) =>
      fetch(`${base}${p}`, { method: "POST", headers: { authorization: key, "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    const up = await json("/api/storage/upload-url", { file_name: "bench.mp4" });
    const clip = path.join(dataDir, "clip.mp4");
    const { execFileSync } = await import("node:child_process");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=160x90:r=10:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", clip]);
    await fetch(up.upload_url, { method: "PUT", headers: { "content-type": "video/mp4" }, body: fs.readFileSync(clip) });
    const reg = await json("/api/processing/register-upload", { file_path: up.file_path });
    const jobId = reg.job_id as string;

    await sleep(2000);
    const before = rssOfTree(child.pid!);
    const open: http.ClientRequest[] = [];
    let connected = 0;
    let keepalives = 0;
    for (let i = 0; i < clients; i++) {
      const req = http.get(`${base}/api/processing/${jobId}/events`, { headers: { authorization: key }, agent: false }, (res) => {
        connected++;
        res.on("data", (c: Buffer) => (keepalives += (c.toString().match(/keepalive/g) ?? []).length));
      });
      req.on("error", () => {});
      open.push(req);
      if (i % 50 === 49) await sleep(200);
    }
    const connectStart = Date.now();
    while (connected < clients && Date.now() - connectStart < 180_000) await sleep(200);
    console.log(`${connected}/${clients} streams open after ${((Date.now() - connectStart) / 1000).toFixed(1)} s more`);
    const keepalivesBefore = keepalives;
    await sleep(hold * 1000);
    console.log(`keepalives per stream per second while held: ${((keepalives - keepalivesBefore) / Math.max(1, connected) / hold).toFixed(2)}`);
    const during = rssOfTree(child.pid!);
    console.log(`server RSS: ${before.toFixed(1)} MB idle, ${during.toFixed(1)} MB with ${connected} open streams (${(((during - before) * 1024) / Math.max(1, connected)).toFixed(1)} kB per stream)`);
    for (const r of open) r.destroy();
    await sleep(3000);
    console.log(`server RSS after they left: ${rssOfTree(child.pid!).toFixed(1)} MB`);
  } finally {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
