// bench/api: requests/s and p99 latency of an authenticated list endpoint (GET /api/keys: API-key
// auth + a database query) against a bare constant route (GET /api/ping) on the same production
// server in the same run, printed as a ratio. Goal: ≥ 0.8 (identity and the database cost little).
//
// The two routes are loaded in alternating rounds (ping, keys, ping, keys, …) so that whatever
// else the machine is doing weighs on both alike; the ratios are the medians of the rounds'.
//
//   npx tsx --conditions=react-server bench/api/run.ts [--seconds 10] [--rounds 5] [--connections 16]
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { median } from "../median";

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const seconds = opt("seconds", 10);
const connections = opt("connections", 16);
const rounds = Math.max(1, opt("rounds", 5));
const port = opt("port", 3290);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

async function waitUp(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not come up`);
}

type Loaded = { latencies: number[]; seconds: number; errors: number };

async function load(url: string, headers: Record<string, string>, forSeconds: number): Promise<Loaded> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + forSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        // Node's fetch keeps connections alive: `connections` concurrent loops ≈ that many sockets.
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: forSeconds, errors };
}

function summarize(runs: Loaded[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const secs = runs.reduce((t, r) => t + r.seconds, 0);
  return {
    rps: latencies.length / secs,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
    errors: runs.reduce((t, r) => t + r.errors, 0),
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-api-"));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), RATE_LIMIT_PER_MINUTE: "100000000", NEXT_TELEMETRY_DISABLED: "1" };
  const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  server.stdout!.resume();
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUp(`${base}/api/ping`);
    const { api_key } = JSON.parse(
      execFileSync("npx", ["tsx", "scripts/cli.ts", "user", "create", "--email", "bench@example.com"], { cwd: root, env }).toString(),
    );
    const auth = { authorization: api_key };
    // Warm both paths (JIT, route compilation, key cache) before measuring.
    await load(`${base}/api/ping`, {}, 3);
    await load(`${base}/api/keys`, auth, 3);
    const per = seconds / rounds;
    const pings: Loaded[] = [];
    const keys: Loaded[] = [];
    const tputRatios: number[] = [];
    const p99Ratios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const p = await load(`${base}/api/ping`, {}, per);
      const k = await load(`${base}/api/keys`, auth, per);
      pings.push(p);
      keys.push(k);
      const sp = summarize([p]), sk = summarize([k]);
      tputRatios.push(sk.rps / sp.rps);
      p99Ratios.push(sp.p99! / sk.p99!);
    }
    const bare = summarize(pings);
    const listed = summarize(keys);
    const fmt = (n: number) => n.toFixed(1).padStart(8);
    console.log(`${seconds}s per route in ${rounds} alternating rounds, ${connections} connections, ${os.availableParallelism()} cores`);
    console.log(`route                 req/s      p50 ms   p99 ms   errors`);
    console.log(`GET /api/ping      ${fmt(bare.rps)} ${fmt(bare.p50!)} ${fmt(bare.p99!)} ${bare.errors}`);
    console.log(`GET /api/keys      ${fmt(listed.rps)} ${fmt(listed.p50!)} ${fmt(listed.p99!)} ${listed.errors}`);
    console.log(`per-round ratios keys/ping: throughput ${tputRatios.map((r) => r.toFixed(2)).join(" ")}; p99 ${p99Ratios.map((r) => r.toFixed(2)).join(" ")}`);
    console.log(`ratio keys/ping (median of rounds): throughput ${median(tputRatios).toFixed(2)}, p99 ${median(p99Ratios).toFixed(2)} (goal ≥ 0.8)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
