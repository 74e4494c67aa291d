// A split install as an operator runs it: a web process with RUNNER_CONCURRENCY=0 and worker
// processes (`npm run worker`) on one PostgreSQL database (TEST_DATABASE_URL; this file runs only
// when it is set) and one S3 (s3rver). Metrics: one scrape of the web process tells the truth of
// the whole install, though the modules ran in a worker that serves no HTTP (their durations and
// the run's), and a run a stopping worker handed back shows as waiting, not running. Stops: SIGTERM
// to a worker ends it with exit 0 within 3 s and not one error-level log line, also when every
// background loop has a query in flight at that moment (the tables they claim from are locked by
// the test, then let go), and mid-run (the run is handed back).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClip } from "../helpers/media";
import { sample } from "../helpers/prometheus";
import { startLocalS3, type LocalS3 } from "../helpers/s3";
import { AppProcess, errorLines, jobStatus, livingGroupMembers, readEvents, report, sleep, startRun, until, uploadAndRegister } from "./app-process";
import { WorkerProcess } from "./worker-process";

const PORT = Number(process.env.CRASH_SPLIT_PORT) || 4212;
const base = process.env.TEST_DATABASE_URL!;
const dbName = `va_split_${process.pid}_${Date.now()}`;
const url = base.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
const dirs: string[] = [];
const tempDir = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `va-split-${name}-`));
  dirs.push(d);
  return d;
};
const admin = postgres(base, { max: 1, onnotice: () => {} });
const sql = postgres(url, { max: 2, onnotice: () => {} });

let s3: LocalS3;
let env: Record<string, string>;
let web: AppProcess;
const workers: WorkerProcess[] = [];
let key: string;

function startWorker(name: string): WorkerProcess {
  const w = WorkerProcess.start({ name, dataDir: tempDir(name), env });
  workers.push(w);
  return w;
}

beforeAll(async () => {
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  s3 = await startLocalS3("split-bucket");
  env = {
    DATABASE_URL: url,
    STORAGE_DRIVER: "s3",
    S3_BUCKET: s3.bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    APP_SECRET: "split-test-secret-shared-by-every-process",
    APP_URL: `http://127.0.0.1:${PORT}`,
    RATE_LIMIT_PER_MINUTE: "100000",
    METRICS_TOKEN: "",
  };
  web = AppProcess.start({ port: PORT, dataDir: tempDir("web"), env: { ...env, RUNNER_CONCURRENCY: "0" } });
  const first = startWorker("worker-1");
  await Promise.all([web.waitHealthy(180_000), first.waitRunning(180_000)]);
  await web.waitHealthy();
  key = (await until("the first start's API key", () => web.apiKey(), 10_000))!;
});

afterAll(async () => {
  await web?.kill9();
  for (const w of workers) await w.kill9();
  await sql.end();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The web process's /api/metrics (loopback: no token needed). */
async function scrape(): Promise<string> {
  const res = await web.fetch("/api/metrics");
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return text;
}

/** SIGTERM to a worker: its exit code and seconds until its whole tree was gone. */
async function stopWorker(w: WorkerProcess): Promise<{ code: number | null; seconds: number }> {
  const t0 = Date.now();
  process.kill(w.pid, "SIGTERM");
  const { code } = await w.exited;
  await until(`${w.name}'s tree to be gone`, () => livingGroupMembers(w.pid).length === 0, 10_000, 20);
  return { code, seconds: (Date.now() - t0) / 1000 };
}

describe("a split install: metrics and stops", () => {
  it("after a run finished in the worker, the web's scrape shows its module durations and the run's", async () => {
    const before = await scrape();
    expect(sample(before, "va_module_duration_seconds_count", { module: "shots" })).toBeUndefined();
    const { jobId } = await uploadAndRegister(web, key, makeClip("split-short", { seconds: 3 }), "short.mp4");
    await startRun(web, key, jobId, ["shots", "scenes"]);
    await until("the run to end", async () => ["completed", "failed"].includes((await jobStatus(web, key, jobId)).status), 240_000, 250);
    expect((await jobStatus(web, key, jobId)).status).toBe("completed");
    // The web process ran nothing itself.
    expect(web.output).not.toMatch(/embedded job runner started/);
    const text = await scrape();
    for (const name of ["shots", "scenes"]) {
      expect(sample(text, "va_module_duration_seconds_count", { module: name }), name).toBe(1);
      expect(sample(text, "va_module_duration_seconds_bucket", { module: name, le: "+Inf" }), name).toBe(1);
      expect(sample(text, "va_module_duration_seconds_sum", { module: name }), name).toBeGreaterThan(0);
    }
    expect(sample(text, "va_run_duration_seconds_count", { outcome: "completed" })).toBe(1);
    expect(sample(text, "va_run_duration_seconds_sum", { outcome: "completed" })).toBeGreaterThan(0);
    expect(sample(text, "va_runs", { state: "completed" })).toBe(1);
    expect(sample(text, "va_runs", { state: "running" })).toBe(0);
  });

  it("SIGTERM to an idle worker: exit 0 within 3 s, no error line, also with every loop's query in flight (4 trials)", async () => {
    const trials: { locked: boolean; afterMs: number }[] = [
      { locked: false, afterMs: 0 },
      { locked: true, afterMs: 300 },
      { locked: true, afterMs: 800 },
      { locked: false, afterMs: 650 },
    ];
    for (const [i, trial] of trials.entries()) {
      const w = startWorker(`idle-${i + 1}`);
      await w.waitRunning(180_000);
      // Somewhere in the loops' one-second poll (the trials differ in phase).
      await sleep(1000 + trial.afterMs);
      let release: (() => Promise<void>) | null = null;
      if (trial.locked) {
        // The runner, the clip and import workers and the webhook dispatcher claim from these
        // tables: locked, each loop's next claim waits in the database when the stop comes.
        const conn = await sql.reserve();
        await conn`begin`;
        await conn`lock table processing_runs, clips, webhook_deliveries in access exclusive mode`;
        release = async () => {
          await conn`commit`;
          conn.release();
        };
        await sleep(1200);
      }
      const stopping = stopWorker(w);
      if (release) {
        await sleep(300);
        await release();
      }
      const { code, seconds } = await stopping;
      report(`idle worker SIGTERM to exit (trial ${i + 1}${trial.locked ? ", claims in flight" : ""})`, seconds);
      expect(code, w.output.slice(-3000)).toBe(0);
      expect(seconds, w.output.slice(-3000)).toBeLessThan(3);
      expect(w.output).toMatch(/SIGTERM: releasing work and stopping/);
      expect(errorLines(w.output), w.output.slice(-3000)).toEqual([]);
      expect(w.output).not.toMatch(/CONNECTION_(ENDED|DESTROYED|CLOSED)/);
    }
  });

  it("a run the worker hands back on SIGTERM shows in the web's scrape as waiting, not running; the stop logs no error", async () => {
    const worker = workers[0]!;
    const { jobId } = await uploadAndRegister(web, key, makeClip("split-long", { seconds: 24, size: "640x360" }), "long.mp4");
    const sse = readEvents(web, jobId, key);
    await startRun(web, key, jobId, ["shots", "scenes", "visualelements"]);
    await until("a first module to complete", () => sse.events.some((e) => e.data.type === "module_completed"), 150_000);
    const [held] = await sql`select lease_owner from processing_runs where job_id = ${jobId}`;
    expect(worker.owns(held!.lease_owner as string)).toBe(true);
    const running = await scrape();
    expect(sample(running, "va_runs", { state: "running" })).toBe(1);
    expect(sample(running, "va_run_queue_depth")).toBe(0);

    const { code, seconds } = await stopWorker(worker);
    report("mid-run worker SIGTERM to exit", seconds);
    sse.close();
    expect(code, worker.output.slice(-4000)).toBe(0);
    expect(seconds).toBeLessThan(10);
    expect(errorLines(worker.output), worker.output.slice(-3000)).toEqual([]);
    // Handed back: still `running` in its row, with a lapsed lease, for the next worker to claim.
    const [row] = await sql`select status, lease_expires_at < now() at time zone 'UTC' as lapsed from processing_runs where job_id = ${jobId}`;
    expect(row).toEqual({ status: "running", lapsed: true });
    const text = await scrape();
    expect(sample(text, "va_runs", { state: "running" })).toBe(0);
    expect(sample(text, "va_runs", { state: "queued" })).toBe(1);
    expect(sample(text, "va_run_queue_depth")).toBe(1);
    expect(sample(text, "va_run_queue_oldest_age_seconds")).toBeLessThan(60);
  });
});
