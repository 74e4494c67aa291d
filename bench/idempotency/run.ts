// bench/idempotency: what an Idempotency-Key costs per request. POST /api/projects (auth, one
// insert, JSON) through the route handler in process, loaded in alternating rounds:
//   plain  – no key (the baseline)
//   keyed  – a fresh key each request (claim row + run + store the response)
//   replay – a key already answered (claim fails + read the stored response; the handler does not run)
// Ratios are keyed/plain and replay/plain throughput, medians of the rounds (bench/api style).
//
//   npx tsx bench/idempotency/run.ts [--seconds 12] [--rounds 6] [--connections 8]
//   DATABASE_URL=postgres://… npx tsx bench/idempotency/run.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { median } from "../median";

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const seconds = opt("seconds", 12);
const rounds = Math.max(1, opt("rounds", 6));
const connections = opt("connections", 8);

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-idem-"));
process.env.RATE_LIMIT_PER_MINUTE = "100000000";
(process.env as Record<string, string>).NODE_ENV = "production"; // as served: responses are not re-validated

type Loaded = { n: number; seconds: number; latencies: number[]; errors: number };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

async function main() {
  const { getDb, closeDb } = await import("@/db/client");
  const { createUserWithKey } = await import("@/lib/users/create-user-with-key");
  const { POST } = await import("@/app/api/projects/route");
  const db = await getDb();
  const user = await createUserWithKey(db, { email: "bench@example.com", name: "bench" });
  let counter = 0;
  const body = JSON.stringify({ name: "bench project" });
  const request = (key?: string) =>
    new Request("http://localhost/api/projects", {
      method: "POST",
      headers: { authorization: user.api_key, "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
      body,
    });

  async function load(kind: "plain" | "keyed" | "replay", forSeconds: number): Promise<Loaded> {
    const latencies: number[] = [];
    let errors = 0;
    const end = Date.now() + forSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        while (Date.now() < end) {
          const key = kind === "plain" ? undefined : kind === "keyed" ? `k-${counter++}` : `replay-${c}`;
          const t0 = performance.now();
          const res = await POST(request(key));
          await res.arrayBuffer();
          if (res.status !== 201) errors++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return { n: latencies.length, seconds: forSeconds, latencies, errors };
  }

  // Warm up; the replay keys get their first (stored) response here.
  await load("plain", 2);
  await load("keyed", 2);
  await load("replay", 2);
  const per = seconds / rounds;
  const all: Record<string, Loaded[]> = { plain: [], keyed: [], replay: [] };
  const keyedRatios: number[] = [];
  const replayRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const p = await load("plain", per);
    const k = await load("keyed", per);
    const r = await load("replay", per);
    all.plain!.push(p);
    all.keyed!.push(k);
    all.replay!.push(r);
    keyedRatios.push(k.n / p.n);
    replayRatios.push(r.n / p.n);
  }
  const kind = process.env.DATABASE_URL ? "PostgreSQL server" : "PGlite (embedded)";
  console.log(`${kind}; ${seconds}s per variant in ${rounds} alternating rounds, ${connections} concurrent callers, ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`variant   req/s     p50 ms   p99 ms   errors`);
  for (const [name, runs] of Object.entries(all)) {
    const lat = runs.flatMap((r) => r.latencies);
    const secs = runs.reduce((t, r) => t + r.seconds, 0);
    const errs = runs.reduce((t, r) => t + r.errors, 0);
    console.log(`${name.padEnd(8)} ${(lat.length / secs).toFixed(1).padStart(7)} ${pct(lat, 0.5).toFixed(2).padStart(8)} ${pct(lat, 0.99).toFixed(2).padStart(8)}   ${errs}`);
  }
  console.log(`per-round keyed/plain: ${keyedRatios.map((r) => r.toFixed(2)).join(" ")}`);
  console.log(`ratio keyed/plain (median): ${median(keyedRatios).toFixed(2)}; replay/plain: ${median(replayRatios).toFixed(2)}`);
  await closeDb();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
