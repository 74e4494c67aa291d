// Multipart upload of 1 GiB through the local driver (the app's routes: create, part URLs, parts PUT
// 4 at a time, complete) against a bare node:http server streaming the same bytes from one PUT to
// a file, interleaved round by round in one run, on two app servers side by side: app-server.ts
// (the route handlers behind plain node:http) and the production server (`next start` as `npm
// start` runs it, from the last build). Also each server's RSS growth and CPU time, and a 1 GiB
// upload cut off at 50% (sockets destroyed mid-part) that resumes by asking what is stored and
// sending only the missing parts.
//   npx tsx bench/upload/multipart.ts     (BENCH_UPLOAD_MB=1024, BENCH_ROUNDS=5, BENCH_PARALLEL=4,
//                                           BENCH_SERVERS=app,next, BENCH_DIR=os.tmpdir())
// `next` needs a production build: `node scripts/start.mjs --build-only` (what `npm start` does first).
// BENCH_PROFILE_DIR: a CPU profile of each upload of app-server.ts and the bare server;
// Both app servers run with the production server's node flags (scripts/server-node-flags.mjs);
// BENCH_NODE_ARGS / BENCH_NEXT_NODE_ARGS add flags for app-server.ts / next start (a later flag
// wins: `--initial-old-space-size=0` measures without it). The bare server always runs without.
// BENCH_BARE_HWM: the bare server's write-stream highWaterMark (default Node's 16 KiB; the app's
// upload streams use 1 MiB, lib/storage/body-to-file.ts).
import { execSync, fork, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";
import { formatThreads, watchProcess, type ProcStats } from "./proc-stats";
import { median } from "../median";

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB || 1024) * MB;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const PARALLEL = Number(process.env.BENCH_PARALLEL || 4);
const SERVERS = (process.env.BENCH_SERVERS || "app,next").split(",").filter((x): x is "app" | "next" => x === "app" || x === "next");
const ROOT = path.join(import.meta.dirname, "..", "..");
const CHUNK = MB;
const dir = fs.mkdtempSync(path.join(process.env.BENCH_DIR || os.tmpdir(), "va-bench-multipart-"));
const bareDir = path.join(dir, "bare");
fs.mkdirSync(bareDir);
const env = { ...process.env, DATA_DIR: dir, STORAGE_DRIVER: "local", APP_SECRET: crypto.randomBytes(32).toString("hex"), BARE_DIR: bareDir };
const settle = () => execSync("sync");
const mibps = (ms: number) => SIZE / MB / (ms / 1000);

async function start(file: string, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): Promise<{ child: ChildProcess; msg: any }> {
  const child = fork(path.join(import.meta.dirname, file), {
    // The app's server modules import "server-only", which resolves only under react-server.
    execArgv: ["--import", "tsx", "--expose-gc", "--conditions=react-server", ...nodeArgs],
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const msg = await new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${file} exited (${code}) before it listened`));
    child.once("exit", onExit);
    child.once("message", (m) => (child.off("exit", onExit), resolve(m)));
  });
  return { child, msg };
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const srv = http.createServer().listen(0, "127.0.0.1");
  await once(srv, "listening");
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * The production server as `npm start` runs it (scripts/start.mjs: edge-guard.cjs required before
 * `next start`), on its own DATA_DIR; its first start prints the local user's API key.
 */
async function startNext(dataDir: string): Promise<{ child: ChildProcess; port: number; apiKey: string }> {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `node scripts/start.mjs --build-only` first (or BENCH_SERVERS=app)");
  const port = await freePort();
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NEXT_NODE_ARGS?.split(" ").filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, "--require", path.join(ROOT, "scripts", "edge-guard.cjs"), path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}`, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1", VA_PARENT_PID: String(process.pid) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const apiKey = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`next start exited (${code}) before it printed the API key:\n${out}`)));
    child.stdout!.on("data", (c: Buffer) => {
      out += c;
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (key) resolve(key);
    });
  });
  child.stdout!.resume();
  // Ready once it answers.
  for (let i = 0; !(await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 600) throw new Error("next start did not answer /api/health");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, apiKey };
}

/** PUTs `size` bytes (filled with `fill`) with Content-Length and back-pressure; resolves with the answer. */
function put(url: string, size: number, fill: number, track?: Set<http.ClientRequest>): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  const chunk = Buffer.alloc(CHUNK, fill);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method: "PUT", path: u.pathname + u.search, headers: { "Content-Length": String(size) } });
    track?.add(req);
    req.on("response", async (res) => {
      let body = "";
      for await (const c of res) body += c;
      track?.delete(req);
      resolve({ status: res.statusCode ?? 0, body });
    });
    req.on("error", (err) => {
      track?.delete(req);
      reject(err);
    });
    (async () => {
      for (let sent = 0; sent < size; sent += CHUNK) {
        const piece = Math.min(CHUNK, size - sent);
        if (!req.write(piece === CHUNK ? chunk : chunk.subarray(0, piece))) await once(req, "drain");
        if (req.destroyed) return;
      }
      req.end();
    })().catch(() => {});
  });
}

class App {
  constructor(
    readonly port: number,
    readonly apiKey: string,
  ) {}
  async call(method: string, p: string, body?: unknown): Promise<any> {
    const res = await fetch(`http://127.0.0.1:${this.port}/api${p}`, {
      method,
      headers: { Authorization: this.apiKey, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await res.json();
    if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(data)}`);
    return data;
  }
  /** Sends the given parts, PARALLEL at a time; stops early (destroying in-flight parts) once `stopAfter` parts are stored. */
  async sendParts(up: any, numbers: number[], stopAfter = Infinity): Promise<{ sent: number[]; stored: number }> {
    const urls = new Map<number, string>();
    for (let i = 0; i < numbers.length; i += 100) {
      const res = await this.call("POST", `/storage/multipart/${up.upload_id}/parts`, { part_numbers: numbers.slice(i, i + 100) });
      for (const p of res.parts) urls.set(p.part_number, p.url);
    }
    const queue = [...numbers];
    const sent: number[] = [];
    const inflight = new Set<http.ClientRequest>();
    let stored = 0;
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined && stored < stopAfter; n = queue.shift()) {
        sent.push(n);
        const size = n < up.part_count ? up.part_size : SIZE - (up.part_count - 1) * up.part_size;
        const r = await put(urls.get(n)!.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${this.port}`), size, n & 0xff, inflight).catch(() => null);
        if (r?.status === 200) stored++;
        else if (r) throw new Error(`part ${n} answered ${r.status}: ${r.body}`);
        if (stored >= stopAfter) for (const req of inflight) req.destroy(); // the connection drops
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    return { sent, stored };
  }
}

async function multipartOnce(app: App, name: string): Promise<{ ms: number; path: string }> {
  const t0 = performance.now();
  const up = await app.call("POST", "/storage/multipart", { file_name: name, file_size: SIZE });
  await app.sendParts(up, Array.from({ length: up.part_count }, (_, i) => i + 1));
  const done = await app.call("POST", `/storage/multipart/${up.upload_id}/complete`, {});
  const ms = performance.now() - t0;
  if (done.file_size !== SIZE) throw new Error(`completed ${done.file_size} bytes`);
  return { ms, path: done.file_path as string };
}

/** Checks the assembled file: each part's first and last byte is its number's fill. */
function verify(file: string, partSize: number, partCount: number) {
  const fd = fs.openSync(file, "r");
  const b = Buffer.alloc(1);
  try {
    if (fs.fstatSync(fd).size !== SIZE) throw new Error("wrong size");
    for (let n = 1; n <= partCount; n++) {
      for (const pos of [(n - 1) * partSize, Math.min(SIZE, n * partSize) - 1]) {
        fs.readSync(fd, b, 0, 1, pos);
        if (b[0] !== (n & 0xff)) throw new Error(`byte ${pos} of part ${n} is ${b[0]}`);
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

interface Server {
  name: string;
  label: string;
  app: App;
  child: ChildProcess;
  watch: ReturnType<typeof watchProcess>;
  storageDir: string;
  /** app-server.ts answers /__bench/reset (a GC, a profile) and /__bench/stats. */
  benchEndpoints: boolean;
  ms: number[];
  stats: ProcStats[];
}

/** Runs one upload between a reset and a reading of the server's stats. */
async function measured(watch: ReturnType<typeof watchProcess>, benchUrl: ((p: string) => string) | null, upload: () => Promise<void>): Promise<ProcStats> {
  if (benchUrl) await fetch(benchUrl("/__bench/reset"));
  watch.reset();
  await upload();
  const s = watch.stats();
  if (benchUrl) await fetch(benchUrl("/__bench/stats"));
  return s;
}

/** Interrupted at 50% (in-flight parts destroyed), then resumed with only the missing parts. */
async function resumeOnce(server: Server): Promise<string> {
  const { app } = server;
  const up = await app.call("POST", "/storage/multipart", { file_name: "resume.mp4", file_size: SIZE });
  const all = Array.from({ length: up.part_count }, (_, i) => i + 1);
  const half = Math.floor(up.part_count / 2);
  const first = await app.sendParts(up, all, half);
  const status = await app.call("GET", `/storage/multipart/${up.upload_id}`);
  const have = new Set<number>(status.parts.map((p: any) => p.part_number));
  const missing = all.filter((n) => !have.has(n));
  const second = await app.sendParts(up, missing);
  const resent = second.sent.filter((n) => have.has(n)).length;
  const done = await app.call("POST", `/storage/multipart/${up.upload_id}/complete`, {});
  verify(path.join(server.storageDir, done.file_path), up.part_size, up.part_count);
  fs.rmSync(path.join(server.storageDir, done.file_path));
  return (
    `resume (${server.label}): cut off after ${first.stored} of ${up.part_count} parts stored (${first.sent.length} started, the rest cut mid-part); ` +
    `the server listed ${have.size} stored; the resume sent ${second.sent.length} parts ` +
    `(${((second.sent.length * up.part_size) / MB).toFixed(0)} MiB), ${resent} of them already stored; ` +
    `the assembled file checks out (${SIZE / MB} MiB, every part's bytes in place)`
  );
}

async function main() {
  const bareProc = await start("bare-server.ts");
  const barePort = bareProc.msg.port as number;
  const bareUrl = (p: string) => `http://127.0.0.1:${barePort}${p}`;
  const bareWatch = watchProcess(bareProc.child.pid!);
  const servers: Server[] = [];
  for (const name of SERVERS) {
    const dataDir = path.join(dir, name);
    fs.mkdirSync(dataDir);
    const s =
      name === "app"
        ? await start("app-server.ts", { DATA_DIR: dataDir }, [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [])]).then(({ child, msg }) => ({ child, port: msg.port as number, apiKey: msg.apiKey as string }))
        : await startNext(dataDir);
    servers.push({
      name,
      label: name === "app" ? "app-server.ts" : "next start",
      app: new App(s.port, s.apiKey),
      child: s.child,
      watch: watchProcess(s.child.pid!),
      storageDir: path.join(dataDir, "storage"),
      benchEndpoints: name === "app",
      ms: [],
      stats: [],
    });
  }
  console.log(
    `multipart bench: ${SIZE / MB} MiB, ${ROUNDS} rounds, ${PARALLEL} parts in flight, app servers: ${servers.map((x) => x.label).join(", ")}; ` +
      `${os.cpus().length} cores, dir ${dir}`,
  );

  // Warm-up (route modules loaded, JIT): a small multipart upload each, not measured.
  for (const { app, storageDir } of servers) {
    const up = await app.call("POST", "/storage/multipart", { file_name: "warm.mp4", file_size: 3 * MB });
    const urls = await app.call("POST", `/storage/multipart/${up.upload_id}/parts`, { part_numbers: [1] });
    await put(urls.parts[0].url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${app.port}`), 3 * MB, 1);
    const done = await app.call("POST", `/storage/multipart/${up.upload_id}/complete`, {});
    fs.rmSync(path.join(storageDir, done.file_path));
  }
  fs.rmSync(JSON.parse((await put(bareUrl("/warm"), 3 * MB, 1)).body).file);

  const bare: number[] = [];
  const bareStats: ProcStats[] = [];
  const sides = ["bare", ...servers.map((x) => x.name)];
  for (let i = 0; i < ROUNDS; i++) {
    // Interleaved: the order rotates every round so no side always runs on a warmer machine.
    const order = sides.map((_, k) => sides[(k + i) % sides.length]!);
    for (const which of order) {
      let file = "";
      const server = servers.find((x) => x.name === which);
      if (!server) {
        bareStats.push(
          await measured(bareWatch, bareUrl, async () => {
            const t0 = performance.now();
            const r = await put(bareUrl("/x"), SIZE, 7);
            bare.push(performance.now() - t0);
            if (r.status !== 200 || JSON.parse(r.body).size !== SIZE) throw new Error(`bare server answered ${r.status} ${r.body}`);
            file = JSON.parse(r.body).file;
          }),
        );
        fs.rmSync(file);
      } else {
        const benchUrl = server.benchEndpoints ? (p: string) => `http://127.0.0.1:${server.app.port}${p}` : null;
        server.stats.push(
          await measured(server.watch, benchUrl, async () => {
            const r = await multipartOnce(server.app, `round-${i}.mp4`);
            server.ms.push(r.ms);
            file = r.path;
          }),
        );
        fs.rmSync(path.join(server.storageDir, file));
      }
      settle();
    }
    const b = bareStats[i]!;
    console.log(
      `round ${i + 1} (${order.join(", ")}; load ${os.loadavg()[0]!.toFixed(1)}): bare PUT ${mibps(bare[i]!).toFixed(0)} MiB/s, CPU ${(b.cpuMs / 1000).toFixed(2)} s (${formatThreads(b.threads)})`,
    );
    for (const x of servers) {
      const a = x.stats[i]!;
      console.log(
        `  ${x.label}: multipart ${mibps(x.ms[i]!).toFixed(0)} MiB/s, ratio ${(bare[i]! / x.ms[i]!).toFixed(2)}, RSS +${((a.peak - a.base) / MB).toFixed(1)} MiB, ` +
          `CPU ${(a.cpuMs / 1000).toFixed(2)} s (${formatThreads(a.threads)})`,
      );
    }
  }
  const perGiB = (xs: ProcStats[]) => (median(xs.map((x) => x.cpuMs)) / 1000 / (SIZE / 1024 ** 3)).toFixed(2);
  console.log(`\nmedian over ${ROUNDS} rounds (load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}): bare PUT ${mibps(median(bare)).toFixed(0)} MiB/s, server CPU ${perGiB(bareStats)} s per GiB`);
  for (const x of servers) {
    const ratios = bare.map((b, i) => b / x.ms[i]!);
    console.log(
      `  ${x.label}: multipart ${mibps(median(x.ms)).toFixed(0)} MiB/s, multipart/bare throughput ratio ${median(ratios).toFixed(2)} ` +
        `(rounds: ${ratios.map((r) => r.toFixed(2)).join(", ")}), max RSS growth ${(Math.max(...x.stats.map((a) => a.peak - a.base)) / MB).toFixed(1)} MiB, ` +
        `server CPU ${perGiB(x.stats)} s per GiB`,
    );
  }
  console.log("");
  for (const x of servers) console.log(await resumeOnce(x));
  for (const x of servers) {
    x.watch.stop();
    x.child.kill();
  }
  bareWatch.stop();
  bareProc.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
