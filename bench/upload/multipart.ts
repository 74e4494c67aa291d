// Multipart upload of 1 GiB through the local driver (the app's routes: create, part URLs, parts PUT
// 4 at a time, complete) against a bare node:http server streaming the same bytes from one PUT to
// a file, interleaved round by round in one run; the app server's RSS growth; and a 1 GiB upload
// cut off at 50% (sockets destroyed mid-part) that resumes by asking what is stored and sending
// only the missing parts.
//   npx tsx bench/upload/multipart.ts     (BENCH_UPLOAD_MB=1024, BENCH_ROUNDS=5, BENCH_DIR=os.tmpdir())
// Against a running production server (`npm start`) instead of app-server.ts: BENCH_APP_PORT,
// BENCH_API_KEY, BENCH_APP_PID (its next-server process, for RSS and CPU from /proc) and
// BENCH_APP_DATA_DIR (its DATA_DIR, where the completed files are removed).
import { execSync, fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB || 1024) * MB;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const PARALLEL = Number(process.env.BENCH_PARALLEL || 4);
const CHUNK = MB;
const dir = fs.mkdtempSync(path.join(process.env.BENCH_DIR || os.tmpdir(), "va-bench-multipart-"));
const bareDir = path.join(dir, "bare");
fs.mkdirSync(bareDir);
const env = { ...process.env, DATA_DIR: dir, STORAGE_DRIVER: "local", APP_SECRET: crypto.randomBytes(32).toString("hex"), BARE_DIR: bareDir };
const settle = () => execSync("sync");
const mibps = (ms: number) => SIZE / MB / (ms / 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function start(file: string, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; msg: any }> {
  const child = fork(path.join(import.meta.dirname, file), {
    // The app's server modules import "server-only", which resolves only under react-server.
    execArgv: ["--import", "tsx", "--expose-gc", "--conditions=react-server"],
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

/** RSS (peak since reset, every 20 ms) and CPU time of another process, from /proc. */
function watchProcess(pid: number) {
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  const cpuMs = () => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  };
  let base = rss();
  let peak = base;
  let cpu0 = cpuMs();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  return {
    reset: () => ((base = peak = rss()), (cpu0 = cpuMs())),
    stats: () => ({ base, peak: Math.max(peak, rss()), cpuMs: cpuMs() - cpu0 }),
    stop: () => clearInterval(timer),
  };
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

async function main() {
  const external = process.env.BENCH_APP_PORT ? { port: Number(process.env.BENCH_APP_PORT), pid: Number(process.env.BENCH_APP_PID) } : null;
  const [appProc, bareProc] = await Promise.all([external ? null : start("app-server.ts"), start("bare-server.ts")]);
  const app = new App(external?.port ?? appProc!.msg.port, external ? process.env.BENCH_API_KEY! : appProc!.msg.apiKey);
  const barePort = bareProc.msg.port as number;
  const storageDir = path.join(external ? process.env.BENCH_APP_DATA_DIR! : dir, "storage");
  const procStats = external ? watchProcess(external.pid) : null;
  const stats = () => (procStats ? Promise.resolve(procStats.stats()) : fetch(`http://127.0.0.1:${app.port}/__bench/stats`).then((r) => r.json()));
  const reset = () => (procStats ? Promise.resolve(procStats.reset()) : fetch(`http://127.0.0.1:${app.port}/__bench/reset`));
  console.log(`multipart bench: ${SIZE / MB} MiB, ${ROUNDS} rounds, ${PARALLEL} parts in flight, ${os.cpus().length} cores, dir ${dir}`);

  // Warm-up (route modules loaded, JIT): a small multipart upload, not measured.
  await app.call("POST", "/storage/multipart", { file_name: "warm.mp4", file_size: 3 * MB }).then(async (up) => {
    const urls = await app.call("POST", `/storage/multipart/${up.upload_id}/parts`, { part_numbers: [1] });
    await put(urls.parts[0].url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${app.port}`), 3 * MB, 1);
    await app.call("POST", `/storage/multipart/${up.upload_id}/complete`, {});
  });
  await put(`http://127.0.0.1:${barePort}/warm`, 3 * MB, 1);

  const bare: number[] = [];
  const multi: number[] = [];
  const rss: number[] = [];
  const bareCpu: number[] = [];
  const multiCpu: number[] = [];
  const bareUrl = (p: string) => `http://127.0.0.1:${barePort}${p}`;
  for (let i = 0; i < ROUNDS; i++) {
    // Interleaved: the order flips every round so neither side always runs on a warmer machine.
    const order = i % 2 ? ["multipart", "bare"] : ["bare", "multipart"];
    for (const which of order) {
      if (which === "bare") {
        await fetch(bareUrl("/__bench/reset"));
        const t0 = performance.now();
        const r = await put(bareUrl("/x"), SIZE, 7);
        bare.push(performance.now() - t0);
        bareCpu.push((await fetch(bareUrl("/__bench/stats")).then((x) => x.json())).cpuMs);
        if (r.status !== 200 || JSON.parse(r.body).size !== SIZE) throw new Error(`bare server answered ${r.status} ${r.body}`);
      } else {
        await reset();
        const r = await multipartOnce(app, `round-${i}.mp4`);
        const s = await stats();
        rss.push(s.peak - s.base);
        multiCpu.push(s.cpuMs);
        multi.push(r.ms);
        fs.rmSync(path.join(storageDir, r.path));
      }
      settle();
    }
    console.log(
      `round ${i + 1}: bare PUT ${mibps(bare[i]!).toFixed(0)} MiB/s, multipart ${mibps(multi[i]!).toFixed(0)} MiB/s, ` +
        `ratio ${(bare[i]! / multi[i]!).toFixed(2)}, app server RSS +${(rss[i]! / MB).toFixed(1)} MiB, ` +
        `server CPU bare ${(bareCpu[i]! / 1000).toFixed(2)} s, app ${(multiCpu[i]! / 1000).toFixed(2)} s`,
    );
  }
  const ratio = median(bare.map((b, i) => b / multi[i]!));
  console.log(
    `\nmedian: bare PUT ${mibps(median(bare)).toFixed(0)} MiB/s, multipart ${mibps(median(multi)).toFixed(0)} MiB/s, ` +
      `multipart/bare throughput ratio ${ratio.toFixed(2)} (median of rounds), max app server RSS growth ${(Math.max(...rss) / MB).toFixed(1)} MiB, ` +
      `server CPU per GiB: bare ${(median(bareCpu) / 1000 / (SIZE / 1024 ** 3)).toFixed(2)} s, app ${(median(multiCpu) / 1000 / (SIZE / 1024 ** 3)).toFixed(2)} s (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );

  // Interrupted at 50%, then resumed.
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
  verify(path.join(storageDir, done.file_path), up.part_size, up.part_count);
  fs.rmSync(path.join(storageDir, done.file_path));
  console.log(
    `\nresume: cut off after ${first.stored} of ${up.part_count} parts stored (${first.sent.length} started, the rest cut mid-part); ` +
      `the server listed ${have.size} stored; the resume sent ${second.sent.length} parts ` +
      `(${((second.sent.length * up.part_size) / MB).toFixed(0)} MiB), ${resent} of them already stored; ` +
      `the assembled file checks out (${SIZE / MB} MiB, every part's bytes in place)`,
  );
  appProc?.child.kill();
  procStats?.stop();
  bareProc.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
