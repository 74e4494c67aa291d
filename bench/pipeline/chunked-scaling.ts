// Scaling of chunked runs (issue 38, item 3): the same clip (a) unsplit with its worker pinned to
// one core (taskset), (b) chunked with two workers pinned one per core, (c) unsplit with one worker
// on both cores. Workers are real `npm run worker` processes (scripts/worker.ts) on a scratch
// database of the PostgreSQL server and one local storage (a shared DATA_DIR); this process queues
// the runs through the API's route handlers and reads their events. Prints wall time and CPU
// seconds (user+sys of each worker's process tree, /proc), speedup (a)/(b), chunking's extra CPU
// (b against a), the time until the first chunk's transcript is searchable (its segments have
// vectors), and from the measured chunk times the expected time for 1–16 workers (critical path
// plus merge), for this clip and for a 1-hour video. Wall times need an idle machine.
//   npx tsx --conditions=react-server bench/pipeline/chunked-scaling.ts --files=clip.mp4 [--chunk=120] [--rounds=1] [--db=postgres://…/postgres]
//   npx tsx --conditions=react-server bench/pipeline/chunked-scaling.ts --seconds=600      # the pipeline bench's 10-min clip
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildClip } from "./clips";
import { benchMedia } from "./media";
import { TreeCpu } from "./rss";
import { median } from "../median";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const CHUNK = option("chunk") ?? "60";
const ROUNDS = Number(option("rounds") ?? 1);
const MODULES = (option("modules") ?? "transcription,visualelements,scenes,shots,grouped_shots,logos,video_reasoning").split(",");
const ADMIN_URL = option("db") ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const WORKER_COUNTS = [1, 2, 4, 8, 16];

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "va-chunked-scaling-"));
process.env.RATE_LIMIT_PER_MINUTE = "100000";

interface Worker {
  child: ChildProcess;
  cpu: TreeCpu;
}

function startWorker(dbUrl: string, env: Record<string, string>, cores: string | null): Worker {
  // BENCH_CPU_PROF=DIR: each worker writes a V8 CPU profile there when it stops (node refuses
  // --cpu-prof in NODE_OPTIONS).
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const cmd = ["node", ...prof, "--conditions=react-server", "--import", "tsx", "scripts/worker.ts"];
  const child = spawn(cores ? "taskset" : cmd[0]!, cores ? ["-c", cores, ...cmd] : cmd.slice(1), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl, RUNNER_CONCURRENCY: "1", LOG_LEVEL: process.env.BENCH_VERBOSE ? "info" : "warn", ...env },
    // BENCH_VERBOSE=1: the workers' log (info level: a line per step and per chunk) on this stdout.
    stdio: ["ignore", process.env.BENCH_VERBOSE ? "inherit" : "ignore", process.env.BENCH_VERBOSE ? "inherit" : "ignore"],
  });
  return { child, cpu: new TreeCpu(child.pid!) };
}

async function stopWorker(w: Worker): Promise<void> {
  if (w.child.exitCode !== null) return;
  const exited = new Promise((r) => w.child.once("exit", r));
  w.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (w.child.exitCode === null) w.child.kill("SIGKILL");
}

/** Makespan of `times` on `n` workers (longest first, each to the least loaded worker). */
export function makespan(times: readonly number[], n: number): number {
  const load = Array<number>(n).fill(0);
  for (const t of [...times].sort((a, b) => b - a)) {
    let k = 0;
    for (let i = 1; i < n; i++) if (load[i]! < load[k]!) k = i;
    load[k]! += t;
  }
  return Math.max(0, ...load);
}

async function main() {
  const { default: postgres } = await import("postgres");
  const name = `va_bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const { openPostgres, setDbHandle } = await import("@/db/client");
  const { runChunks, runEvents, segments } = await import("@/db/schema");
  const { and, asc, eq, isNotNull, sql } = await import("drizzle-orm");
  const handle = await openPostgres(dbUrl, { max: 4 });
  setDbHandle(handle);
  const { call } = await import("../../tests/helpers/api");
  const { makeUser } = await import("../../tests/helpers/users");
  const { registerClip, waitForStatus } = await import("../../tests/helpers/videos");
  const user = await makeUser("scaling@example.com");
  const { chunkWorkers } = await import("@/db/schema");
  const { inArray } = await import("drizzle-orm");
  const workersReady = async (pids: number[]) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows = await handle.db.select({ pid: chunkWorkers.pid }).from(chunkWorkers).where(inArray(chunkWorkers.pid, pids));
      if (new Set(rows.map((r) => r.pid)).size === pids.length) return;
      if (Date.now() > deadline) throw new Error(`workers ${pids.join(", ")} did not start within 2 minutes`);
      await new Promise((res) => setTimeout(res, 250));
    }
  };

  let files = (option("files") ?? "").split(",").filter(Boolean);
  if (!files.length) {
    const dir = option("dir") ?? path.join(os.tmpdir(), "pipeline-bench");
    fs.mkdirSync(dir, { recursive: true });
    files = (option("seconds") ?? "600").split(",").map((s) => buildClip(dir, benchMedia(path.join(ROOT, "bench/pipeline"), option("media")), Number(s), console.log));
  }

  const allSetups = [
    { id: "a", label: "(a) unsplit, 1 worker pinned to core 0", workers: [{ chunk: "0", cores: "0" }] },
    { id: "b", label: `(b) chunked (CHUNK_SECONDS=${CHUNK}), 2 workers pinned one per core`, workers: [{ chunk: CHUNK, cores: "0" }, { chunk: CHUNK, cores: "1" }] },
    { id: "c", label: "(c) unsplit, 1 worker on both cores", workers: [{ chunk: "0", cores: null }] },
  ] as const;
  // --setups=b runs some of them only (a quick look; the ratios need all three, so they print then only).
  const only = option("setups")?.split(",");
  const setups = allSetups.filter((s) => !only || only.includes(s.id));
  const out: string[] = [`${os.cpus().length} cores, load at start ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}; modules ${MODULES.join(",")}`];

  for (const file of files) {
    const jobId = await registerClip(user, file, path.basename(file));
    const duration = Number((await call("GET", `/videos/${jobId}`, { auth: user.api_key })).body.duration) || 0;
    const results: Record<string, { wall: number[]; cpu: number[]; first: number[]; chunkTimes: number[]; plan: number[]; merge: number[] }> = {};
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved: the order of the set-ups turns each round.
      const order = setups.map((_, i) => setups[(i + round) % setups.length]!);
      for (const setup of order) {
        const r = (results[setup.id] ??= { wall: [], cpu: [], first: [], chunkTimes: [], plan: [], merge: [] });
        const workers = setup.workers.map((w) => startWorker(dbUrl, { CHUNK_SECONDS: w.chunk }, w.cores));
        const sampler = setInterval(() => workers.forEach((w) => w.cpu.sample()), 200);
        // Queue only once every worker has said its chunk slots: a run splits only where two or more
        // can run at once (run-chunked.ts), so a (b) queued before its second worker's first
        // heartbeat ran unsplit on one core.
        await workersReady(workers.map((w) => w.child.pid!));
        await new Promise((res) => setTimeout(res, 3_000));
        const before = workers.map((w) => w.cpu.totals());
        const t0 = Date.now();
        const res = await call("POST", `/videos/${jobId}/reprocess`, { auth: user.api_key, body: { selected_insights: JSON.stringify(MODULES) } });
        if (res.status !== 200) throw new Error(res.text);
        let first = NaN;
        const deadline = t0 + 6 * 3600_000;
        for (;;) {
          const status = (await call("GET", `/processing/${jobId}/status`, { auth: user.api_key })).body.status;
          if (Number.isNaN(first)) {
            const [hit] = await handle.db
              .select({ id: segments.id })
              .from(segments)
              .where(and(eq(segments.jobId, jobId), eq(segments.module, "transcription"), isNotNull(segments.embedding), sql`${segments.metadata}::jsonb ? 'provisional'`))
              .limit(1);
            if (hit) first = (Date.now() - t0) / 1000;
          }
          if (status === "completed" || status === "failed") {
            if (status === "failed") throw new Error(`${setup.label}: ${JSON.stringify(await waitForStatus(user.api_key, jobId))}`);
            break;
          }
          if (Date.now() > deadline) throw new Error("timed out");
          await new Promise((res2) => setTimeout(res2, 250));
        }
        const wall = (Date.now() - t0) / 1000;
        clearInterval(sampler);
        workers.forEach((w) => w.cpu.sample());
        const kinds = new Map<string, number>();
        workers.forEach((w, i) => w.cpu.totals(before[i]).forEach((v, k) => kinds.set(k, (kinds.get(k) ?? 0) + v)));
        const cpu = [...kinds.values()].reduce((a, b) => a + b, 0);
        // Where the CPU went (with BENCH_VERBOSE): which kinds of work chunking adds.
        if (process.env.BENCH_VERBOSE) console.log(`${setup.id} CPU by kind: ${[...kinds].sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v.toFixed(1)}`).join("; ")}`);
        await Promise.all(workers.map(stopWorker));
        r.wall.push(wall);
        r.cpu.push(cpu);
        if (setup.id === "b") {
          r.first.push(first);
          const events = await handle.db.select().from(runEvents).where(eq(runEvents.jobId, jobId)).orderBy(asc(runEvents.id));
          const runId = events.findLast((e) => e.type === "chunks_planned")?.runId;
          const chunks = runId ? await handle.db.select().from(runChunks).where(eq(runChunks.runId, runId)) : [];
          r.chunkTimes = chunks.map((c) => Number((c.output as { seconds?: number } | null)?.seconds ?? 0));
          const at = (type: string) => events.filter((e) => e.runId === runId && e.type === type).map((e) => e.createdAt.getTime());
          const planned = at("chunks_planned")[0] ?? t0;
          const lastChunk = Math.max(...at("chunk_completed"));
          r.plan.push((planned - t0) / 1000);
          r.merge.push((t0 + wall * 1000 - lastChunk) / 1000);
        }
        console.log(`${path.basename(file)} round ${round + 1} ${setup.label}: wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s${setup.id === "b" ? `, first chunk searchable ${first.toFixed(1)} s` : ""}`);
      }
    }
    const lines = [
      `\n${path.basename(file)} (${duration.toFixed(0)} s), median of ${ROUNDS} round(s):`,
      ...setups.map((s) => `  ${s.label}: wall ${median(results[s.id]!.wall).toFixed(1)} s, CPU ${median(results[s.id]!.cpu).toFixed(1)} s`),
    ];
    const [a, b, c] = [results.a, results.b, results.c];
    if (!a || !b || !c) {
      if (b) lines.push(`  first chunk searchable after ${median(b.first).toFixed(1)} s; chunks: ${b.chunkTimes.length}, times ${b.chunkTimes.map((t) => t.toFixed(1)).join(", ")} s; plan ${median(b.plan).toFixed(1)} s, merge ${median(b.merge).toFixed(1)} s`);
      console.log(lines.join("\n"));
      out.push(...lines);
      continue;
    }
    // Each round's own ratios too: the set-ups of one round ran minutes apart, the rounds further.
    const perRound = (x: number[], y: number[]) => x.map((v, i) => (v / y[i]!).toFixed(2)).join(", ");
    lines.push(
      `  speedup (a)/(b) ${(median(a.wall) / median(b.wall)).toFixed(2)} (target ≥ 1.8); (b)/(c) wall ${(median(b.wall) / median(c.wall)).toFixed(2)} (target ≤ 1)`,
      `  per round: (a)/(b) ${perRound(a.wall, b.wall)}; (b)/(c) ${perRound(b.wall, c.wall)}; CPU (b)/(a) ${perRound(b.cpu, a.cpu)}`,
      `  chunking's extra CPU (b vs a) ${((median(b.cpu) / median(a.cpu) - 1) * 100).toFixed(1)} % (target ≤ 10 %)`,
      `  first chunk's transcript searchable after ${median(b.first).toFixed(1)} s = ${(median(b.first) / median(b.wall)).toFixed(2)} of (b) (target ≤ 0.25)`,
      `  chunks: ${b.chunkTimes.length}, times ${b.chunkTimes.map((t) => t.toFixed(1)).join(", ")} s; plan ${median(b.plan).toFixed(1)} s, merge ${median(b.merge).toFixed(1)} s`,
    );
    // The chunk times were measured two at a time on two cores: each is one worker's time for its chunk.
    const perSecond = b.chunkTimes.reduce((s, t) => s + t, 0) / Math.max(1, duration);
    const hourChunks = Array<number>(Math.ceil(3600 / Number(CHUNK))).fill(perSecond * Number(CHUNK));
    const mergePerSecond = median(b.merge) / Math.max(1, duration);
    for (const n of WORKER_COUNTS) {
      const here = median(b.plan) + makespan(b.chunkTimes, n) + median(b.merge);
      const hour = median(b.plan) + makespan(hourChunks, n) + mergePerSecond * 3600;
      lines.push(`  ${String(n).padStart(2)} worker(s): this clip ~${here.toFixed(0)} s; a 1-hour video ~${(hour / 60).toFixed(1)} min`);
    }
    console.log(lines.join("\n"));
    out.push(...lines);
  }
  console.log(`\n${out.join("\n")}`);
  await handle.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  process.exit(0);
}

if (process.argv[1]?.endsWith("chunked-scaling.ts")) void main();
