// bench/soak: many short videos through a team install (two web processes with
// RUNNER_CONCURRENCY=0, two `npm run worker` processes) on a PostgreSQL cluster of its own and S3
// (s3rver behind a proxy that can refuse writes), while it is disturbed: a worker killed with -9
// (twice), the storage refusing every write for 30 s, PostgreSQL restarted. At the end: every video
// completed exactly once or failed with an error (counted), usage recorded once per completed
// video, no object in the bucket without its video (nor a video without its file), no run left
// open, and the workers' RSS against what it was after the warm-up. Prints the figures; exits 1
// when a check fails.
//
//   npx tsx bench/soak/run.ts [--videos 500] [--warmup 6] [--backlog 6] [--modules shots,scenes]
//       [--port 3107] [--pg-port 55432] [--outage-seconds 30] [--logs DIR] [--prebuilt]
//
// --prebuilt: the web processes serve the build already in .next (start.mjs --no-build) even when
// the sources changed since; the workers always run the sources (tsx), as `npm run worker` does.
//
// Needs PostgreSQL 15 binaries (/usr/lib/postgresql/15/bin, PG_BIN) with pgvector, and ffmpeg.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import buildApp from "../../tests/crash/global-setup";
import { AppProcess, errorLines, sleep, until } from "../../tests/crash/app-process";
import { WorkerProcess } from "../../tests/crash/worker-process";
import { makeClip } from "../../tests/helpers/media";
import { processTreeRss } from "../pipeline/rss";
import { checkEverything, type Figures } from "./checks";
import { newSubmitStats, submitVideo } from "./client";
import { startPgCluster } from "./pg-cluster";
import { startRefusingS3 } from "../../tests/helpers/refusing-s3";
import { median } from "../median";

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : def;
};
const N = Number(opt("videos", "500"));
const WARMUP = Math.min(N, Number(opt("warmup", "6")));
const BACKLOG = Number(opt("backlog", "6"));
const MODULES = opt("modules", "shots,scenes").split(",");
const PORT = Number(opt("port", process.env.E2E_PORT ?? "3107"));
const PG_PORT = Number(opt("pg-port", "55432"));
const OUTAGE_MS = Number(opt("outage-seconds", "30")) * 1000;
const PREBUILT = args.includes("--prebuilt");
const LOGS = args.includes("--logs") ? opt("logs", "") : fs.mkdtempSync(path.join(os.tmpdir(), "va-soak-logs-"));
fs.mkdirSync(LOGS, { recursive: true });
/** No video ending for this long: the rest are reported stuck. */
const STALL_MS = 10 * 60_000;

const t0 = Date.now();
const stamp = () => `[soak +${((Date.now() - t0) / 1000).toFixed(0)} s]`;
const say = (msg: string) => console.log(`${stamp()} ${msg}`);
const MB = (b: number) => Math.round(b / 2 ** 20);

function ownRss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The worker's RSS at rest: median of five samples a second apart (its node process, and with its model processes). */
async function restingRss(w: WorkerProcess): Promise<{ node: number; tree: number }> {
  const node: number[] = [];
  const tree: number[] = [];
  for (let i = 0; i < 5; i++) {
    node.push(ownRss(w.pid));
    tree.push(processTreeRss(w.pid));
    await sleep(1_000);
  }
  return { node: median(node), tree: median(tree) };
}

/** Four distinct short clips (1–3 s, sizes and cut patterns differ). */
function clips(): string[] {
  return [
    makeClip("soak-a", { seconds: 1, size: "320x180" }),
    makeClip("soak-b", { seconds: 2, size: "426x240" }),
    makeClip("soak-c", { seconds: 3, size: "320x180", fps: 30 }),
    makeClip("soak-d", { seconds: 3, size: "480x270", audio: false }),
  ];
}

async function main() {
  if (!PREBUILT) {
    say(`building the app if needed (scripts/start.mjs --build-only)`);
    buildApp();
  }
  const webArgs = PREBUILT ? ["--no-build"] : [];
  const files = clips();
  const pg = startPgCluster(PG_PORT);
  const storage = await startRefusingS3("soak-bucket");
  say(`PostgreSQL 15 on :${PG_PORT}, s3rver ${storage.s3.endpoint} behind ${storage.endpoint}; logs in ${LOGS}`);
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `va-soak-${name}-`));
    dirs.push(d);
    return d;
  };
  const env: Record<string, string> = {
    DATABASE_URL: pg.url,
    STORAGE_DRIVER: "s3",
    S3_BUCKET: storage.s3.bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: storage.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    APP_SECRET: "soak-secret-shared-by-every-process",
    APP_URL: `http://127.0.0.1:${PORT}`,
    RATE_LIMIT_PER_MINUTE: "1000000",
  };
  const webPorts = [PORT, PORT + 1000];
  const workerDirs = { "worker-1": tempDir("worker-1"), "worker-2": tempDir("worker-2") };
  const sql = postgres(pg.url, { max: 2, onnotice: () => {}, idle_timeout: 5 });
  const logs: { name: string; output: () => string }[] = [];
  const webs: AppProcess[] = [];
  const workers: Record<string, WorkerProcess> = {};
  const startWorker = (name: "worker-1" | "worker-2") => {
    const w = WorkerProcess.start({ name, dataDir: workerDirs[name], env });
    logs.push({ name: `${name}-pid${w.pid}`, output: () => w.output });
    workers[name] = w;
    return w;
  };

  let failed = false;
  try {
    // The first web process alone on the empty database: it migrates and creates the local user (its key).
    webs.push(AppProcess.start({ port: webPorts[0]!, dataDir: tempDir("web-1"), env: { ...env, RUNNER_CONCURRENCY: "0" }, args: webArgs }));
    await webs[0]!.waitHealthy(300_000);
    const key = (await until("the first start's API key", () => webs[0]!.apiKey(), 10_000))!;
    webs.push(AppProcess.start({ port: webPorts[1]!, dataDir: tempDir("web-2"), env: { ...env, RUNNER_CONCURRENCY: "0" }, args: webArgs }));
    webs.forEach((w, i) => logs.push({ name: `web-${i + 1}`, output: () => w.output }));
    startWorker("worker-1");
    startWorker("worker-2");
    await Promise.all([webs[1]!.waitHealthy(300_000), workers["worker-1"]!.waitRunning(300_000), workers["worker-2"]!.waitRunning(300_000)]);
    await Promise.all(webs.map((w) => w.waitHealthy()));
    say(`2 web processes (:${webPorts.join(", :")}, RUNNER_CONCURRENCY=0) and 2 workers up; ${N} videos (${WARMUP} warm-up), backlog ${BACKLOG}, modules ${MODULES.join(",")}`);

    // Video states, polled from the database (a failed poll during the restart is skipped).
    const states = new Map<string, string>();
    const terminal = () => [...states.values()].filter((s) => s === "completed" || s === "failed").length;
    let lastEnd = Date.now();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          const before = terminal();
          for (const r of await sql`select job_id::text, status from videos`) states.set(r.job_id as string, r.status as string);
          if (terminal() > before) lastEnd = Date.now();
        } catch {
          /* the database is restarting */
        }
        await sleep(1_000);
      }
    })();

    const stats = newSubmitStats();
    const clientErrors: string[] = [];
    let next = 0;
    /** `slots` users submitting one video at a time each, waiting for it to end before the next. */
    const submitUntil = async (end: number, slots: number) => {
      await Promise.all(
        Array.from({ length: slots }, async () => {
          while (next < end) {
            const i = next++;
            const r = await submitVideo({
              bases: webs.map((w) => w.base),
              first: i,
              key,
              file: files[i % files.length]!,
              name: `soak-${String(i).padStart(4, "0")}.mp4`,
              modules: MODULES,
              stats,
            });
            if (!r.jobId) {
              clientErrors.push(r.error ?? "?");
              continue;
            }
            const id = r.jobId;
            while (!["completed", "failed"].includes(states.get(id) ?? "") && Date.now() - lastEnd < STALL_MS) await sleep(500);
          }
        }),
      );
    };

    const warmStart = Date.now();
    await submitUntil(WARMUP, Math.min(BACKLOG, WARMUP));
    say(`warm-up: ${WARMUP} videos in ${((Date.now() - warmStart) / 1000).toFixed(1)} s`);
    await sleep(2_000);
    const warm = { "worker-1": await restingRss(workers["worker-1"]!), "worker-2": await restingRss(workers["worker-2"]!) };
    for (const [n, r] of Object.entries(warm)) say(`${n} after warm-up: node ${MB(r.node)} MB, with its model processes ${MB(r.tree)} MB`);

    // Peak RSS of each worker process over the main phase, sampled every 2 s.
    const peaks = new Map<number, number>();
    const sampler = setInterval(() => {
      for (const w of Object.values(workers)) peaks.set(w.pid, Math.max(peaks.get(w.pid) ?? 0, processTreeRss(w.pid)));
    }, 2_000);

    // The disturbances, each when its share of the main phase's videos has ended.
    const mainCount = N - WARMUP;
    const at = (share: number) => until(`${share * 100} % of the videos`, () => terminal() >= WARMUP + Math.floor(mainCount * share) || Date.now() - lastEnd > STALL_MS, 24 * 3600_000, 500);
    const events: string[] = [];
    const note = (msg: string) => {
      events.push(`${stamp()} ${msg}`);
      say(msg);
    };
    const killWorker2 = async (nth: number) => {
      const w = workers["worker-2"]!;
      // Mid-run: when it holds a run (or after 60 s, whatever it does then).
      const held = await until(
        "worker-2 to hold a run",
        async () => {
          const rows = await sql`select job_id::text, lease_owner from processing_runs where status = 'running'`.catch(() => []);
          return rows.find((r) => w.owns(r.lease_owner as string)) ?? false;
        },
        60_000,
        200,
      ).catch(() => null);
      await w.kill9();
      note(`kill -9 #${nth} of worker-2 (pid ${w.pid})${held ? ` while it ran ${held.job_id}` : " (it held no run)"}; started again`);
      const again = startWorker("worker-2");
      await again.waitRunning(300_000);
      return held?.job_id as string | undefined;
    };
    const killedJobs: string[] = [];
    const chaos = (async () => {
      await at(0.15);
      const k1 = await killWorker2(1);
      if (k1) killedJobs.push(k1);
      await at(0.35);
      note(`storage refuses every write (503 SlowDown) for ${OUTAGE_MS / 1000} s`);
      const refusedBefore = storage.refused;
      await storage.refuseWrites(OUTAGE_MS);
      note(`storage takes writes again (${storage.refused - refusedBefore} writes refused)`);
      await at(0.55);
      const s = pg.restart();
      note(`PostgreSQL restarted (pg_ctl restart -m fast: ${s.toFixed(1)} s)`);
      await at(0.75);
      const k2 = await killWorker2(2);
      if (k2) killedJobs.push(k2);
    })();

    const mainStart = Date.now();
    await submitUntil(N, BACKLOG);
    await chaos;
    const mainSeconds = (Date.now() - mainStart) / 1000;
    polling = false;
    await poller;
    clearInterval(sampler);
    say(`main phase: ${mainCount} videos in ${mainSeconds.toFixed(0)} s (load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);

    // The last runs' wind-down; work files of runs that ended in the other worker go at its next
    // sweep (every minute, once idle a minute): waited for up to 150 s.
    const workLeft = () => Object.values(workerDirs).some((d) => fs.existsSync(path.join(d, "work")) && fs.readdirSync(path.join(d, "work")).length > 0);
    await sleep(12_000);
    const sweepWait = Date.now();
    while (workLeft() && Date.now() - sweepWait < 150_000) await sleep(1_000);
    const end = { "worker-1": await restingRss(workers["worker-1"]!), "worker-2": await restingRss(workers["worker-2"]!) };
    // A client of its own: the poller's connections may be ones the restart cut.
    const checkSql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const { figures } = await checkEverything({ sql: checkSql, s3: storage.s3, workerDataDirs: workerDirs }).finally(() => checkSql.end());
    const killedOutcome = killedJobs.map((j) => `${j}: ${states.get(j) ?? "?"}`);

    // The report.
    const rssRatio = (n: "worker-1" | "worker-2") => end[n].tree / warm[n].tree;
    const lines: string[] = [];
    const out = (s: string) => lines.push(s);
    out("");
    out(`== soak: ${N} videos (${WARMUP} warm-up), 2 web + 2 workers, PostgreSQL 15 + S3 (s3rver behind a write-refusing proxy) ==`);
    for (const e of events) out(`  ${e}`);
    out(`videos registered ${figures.videos} of ${N} submitted; client gave up on ${clientErrors.length}`);
    out(`completed ${figures.completed}, failed ${figures.failed}, stuck ${figures.stuck}`);
    for (const [err, n] of Object.entries(figures.failedErrors)) out(`  failed ×${n}: ${err}`);
    for (const e of clientErrors) out(`  client: ${e}`);
    out(`completed not exactly once (runs/done events/run_count): ${figures.completedNotOnce.length}`);
    out(`usage not recorded exactly once (completed): ${figures.usageNotOnce.length}; failed with usage: ${figures.failedWithUsage.length}`);
    out(`segments duplicated: ${figures.duplicateSegments}`);
    out(`runs by attempts: ${JSON.stringify(figures.attempts)}; jobs of the killed runs: ${killedOutcome.join(", ") || "none"}`);
    out(`objects: ${figures.objects.uploads} uploads, ${figures.objects.derived} derived (${figures.derivedOfFailed} of failed videos)`);
    out(`orphaned: uploads ${figures.orphanUploads.length}, derived ${figures.orphanDerived.length}; videos missing their file ${figures.missingUploads.length}; completed without thumbnail ${figures.completedWithoutThumbnail.length}; multipart pending ${figures.pendingMultipart}`);
    out(`work directories left: ${Object.entries(figures.workDirsLeft).map(([n, d]) => `${n} ${d.length}`).join(", ")}`);
    out(`client retries: ${JSON.stringify(stats.retries)}; writes refused by storage: ${storage.refused}`);
    for (const n of ["worker-1", "worker-2"] as const) {
      out(
        `${n} RSS at rest: after warm-up ${MB(warm[n].tree)} MB (node ${MB(warm[n].node)}), at the end ${MB(end[n].tree)} MB (node ${MB(end[n].node)}): ×${rssRatio(n).toFixed(2)}` +
          (n === "worker-2" ? " (its third process: killed twice)" : " (one process all along)"),
      );
    }
    out(`peak RSS per worker process over the main phase: ${[...peaks.values()].map(MB).join(", ")} MB`);
    out(`wall time per video (main phase, ${os.cpus().length} cores shared, load ${os.loadavg()[0]!.toFixed(1)}): ${(mainSeconds / Math.max(1, mainCount)).toFixed(2)} s`);
    const errorCounts = logs.map((l) => `${l.name} ${errorLines(l.output()).length}`);
    out(`error-level log lines: ${errorCounts.join(", ")}`);
    const problems = problemsOf(figures, N, clientErrors.length, rssRatio("worker-1"), rssRatio("worker-2"));
    out(problems.length ? `FAILED: ${problems.join("; ")}` : "all checks passed");
    console.log(lines.join("\n"));
    fs.writeFileSync(path.join(LOGS, "figures.json"), JSON.stringify({ figures, events, warm, end, stats, clientErrors, mainSeconds }, null, 2));
    failed = problems.length > 0;
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    for (const l of logs) fs.writeFileSync(path.join(LOGS, `${l.name}.log`), l.output());
    for (const w of webs) await w.kill9().catch(() => {});
    for (const w of Object.values(workers)) await w.kill9().catch(() => {});
    await sql.end({ timeout: 1 }).catch(() => {});
    pg.stop();
    await storage.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    say(`done; process logs in ${LOGS}`);
  }
  process.exit(failed ? 1 : 0);
}

function problemsOf(f: Figures, n: number, clientErrors: number, rss1: number, rss2: number): string[] {
  const p: string[] = [];
  if (f.videos + clientErrors !== n) p.push(`${f.videos} videos registered for ${n} submissions`);
  if (f.stuck) p.push(`${f.stuck} stuck`);
  if (f.completedNotOnce.length) p.push(`${f.completedNotOnce.length} not completed exactly once`);
  if (f.usageNotOnce.length || f.failedWithUsage.length) p.push("usage not once");
  if (f.duplicateSegments) p.push("duplicated segments");
  if (f.orphanUploads.length || f.orphanDerived.length || f.missingUploads.length) p.push("orphaned or missing files");
  if (f.completedWithoutThumbnail.length) p.push("completed videos without their thumbnail");
  if (Object.values(f.workDirsLeft).some((d) => d.length)) p.push("work files left behind");
  if (rss1 > 1.2 || rss2 > 1.2) p.push("worker RSS grew more than 20 %");
  return p;
}

void main();
