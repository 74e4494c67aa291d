// Several machines in one: a web-only process (RUNNER_CONCURRENCY=0) and worker processes
// (`npm run worker`) on one PostgreSQL (TEST_DATABASE_URL; this file runs only when it is set) and
// one S3 (s3rver), each with a DATA_DIR of its own, as on separate hosts. The web process and the
// first worker start together on a fresh database (migrations under an advisory lock). A clip is
// uploaded and registered through the web process, whose SSE stream is followed; the worker running
// it is killed with -9 and another started: the job completes once, the web's stream says so, usage
// is recorded once. The last worker stops cleanly on SIGTERM. Prints the takeover and SSE lag seconds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClip } from "../helpers/media";
import { startLocalS3, type LocalS3 } from "../helpers/s3";
import { AppProcess, jobStatus, livingGroupMembers, readEvents, report, startRun, until, uploadAndRegister } from "./app-process";
import { WorkerProcess } from "./worker-process";

const base = process.env.TEST_DATABASE_URL!;
const dbName = `va_roles_${process.pid}_${Date.now()}`;
const url = base.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
const dirs: string[] = [];
const tempDir = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `va-roles-${name}-`));
  dirs.push(d);
  return d;
};
const admin = postgres(base, { max: 1, onnotice: () => {} });
const sql = postgres(url, { max: 1, onnotice: () => {} });
const MODULES = ["shots", "scenes", "visualelements"];

let s3: LocalS3;
let env: Record<string, string>;
let web: AppProcess;
const workers: WorkerProcess[] = [];
let key: string;

beforeAll(async () => {
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  s3 = await startLocalS3("roles-bucket");
  env = {
    DATABASE_URL: url,
    STORAGE_DRIVER: "s3",
    S3_BUCKET: s3.bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    APP_SECRET: "roles-test-secret-shared-by-every-process",
    APP_URL: "http://127.0.0.1:4210",
    RATE_LIMIT_PER_MINUTE: "100000",
  };
  // Both migrate the fresh database at once: the advisory lock lets both come up.
  web = AppProcess.start({ port: 4210, dataDir: tempDir("web"), env: { ...env, RUNNER_CONCURRENCY: "0" } });
  workers.push(WorkerProcess.start({ name: "worker-1", dataDir: tempDir("worker-1"), env }));
  await Promise.all([web.waitHealthy(180_000), workers[0]!.waitRunning(180_000)]);
  // Once more, so the test's first request does not reuse a keep-alive connection the server is closing.
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

async function leaseOwner(jobId: string): Promise<string | null> {
  const rows = await sql`select lease_owner from processing_runs where job_id = ${jobId} order by created_at desc limit 1`;
  return (rows[0]?.lease_owner as string | null) ?? null;
}

describe("a web-only process and workers", () => {
  it("the web process runs no jobs and says so", () => {
    expect(web.output).toMatch(/RUNNER_CONCURRENCY=0: this process serves HTTP and runs no jobs/);
    expect(web.output).not.toMatch(/embedded job runner started/);
    expect(workers[0]!.output).toMatch(/embedded job runner started \(concurrency 1\)/);
  });

  it("kill -9 of the worker mid-run: another worker completes the job once, the web's stream reports it, usage is recorded once", async () => {
    const { jobId } = await uploadAndRegister(web, key, makeClip("roles-long", { seconds: 24, size: "640x360" }), "roles.mp4");
    const sse = readEvents(web, jobId, key);
    await startRun(web, key, jobId, MODULES);

    // The worker's events reach the web process's stream.
    await until("a first module to complete", () => sse.events.some((e) => e.data.type === "module_completed"), 150_000);
    const first = sse.events.find((e) => e.data.type === "module_completed")!;
    const [row] = await sql`select (extract(epoch from created_at) * 1000)::float8 as ms from run_events
      where job_id = ${jobId} and type = 'module_completed' and data->>'module' = ${first.data.module} order by id limit 1`;
    report("a worker's event on the web process's SSE stream (lag)", Math.max(0, first.at - Number(row!.ms)) / 1000);

    const owner = await leaseOwner(jobId);
    expect(workers[0]!.owns(owner), `run held by ${owner}`).toBe(true);
    expect(livingGroupMembers(web.pid).some((pid) => owner!.includes(`:${pid}-`))).toBe(false);
    expect((await jobStatus(web, key, jobId)).status).toBe("processing");

    await workers[0]!.kill9();
    const t0 = Date.now();
    const second = WorkerProcess.start({ name: "worker-2", dataDir: tempDir("worker-2"), env });
    workers.push(second);
    await second.waitRunning(180_000);
    await until("the second worker to hold the run", async () => second.owns(await leaseOwner(jobId)), 60_000, 100);
    report("takeover by a new worker after kill -9 of the first", (Date.now() - t0) / 1000);

    await until("the web's stream to report the end", () => sse.events.some((e) => e.data.type === "done"), 240_000, 250);
    await sse.ended;
    const dones = sse.events.filter((e) => e.data.type === "done");
    expect(dones).toHaveLength(1);
    expect(dones[0]!.data.status).toBe("completed");
    const status = await jobStatus(web, key, jobId);
    expect(status.status).toBe("completed");

    // Once: one run, one `done` row, one usage record, no module's segments twice.
    const runs = await sql`select status from processing_runs where job_id = ${jobId}`;
    expect(runs.map((r) => r.status)).toEqual(["completed"]);
    const doneRows = await sql`select count(*)::int as n from run_events where job_id = ${jobId} and type = 'done'`;
    expect(doneRows[0]!.n).toBe(1);
    const usage = await sql`select count(*)::int as n from usage_records where job_id = ${jobId}`;
    expect(usage[0]!.n).toBe(1);
    const segments = await sql`select module, start_time, end_time, count(*)::int as n from segments
      where job_id = ${jobId} group by 1, 2, 3`;
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.filter((s) => s.n > 1)).toEqual([]);
    const results = await web.json(`/api/results/job/${jobId}`, { key });
    expect(results.status).toBe(200);
    expect(results.body.shots.length).toBeGreaterThan(0);
  });

  it("SIGTERM stops a worker cleanly: exit 0 within 10 s, nothing of its tree left", async () => {
    const last = workers.at(-1)!;
    expect(last.child.exitCode).toBeNull();
    const t0 = Date.now();
    process.kill(last.pid, "SIGTERM");
    const { code } = await last.exited;
    await until("the worker's tree to be gone", () => livingGroupMembers(last.pid).length === 0, 10_000, 50);
    report("worker SIGTERM to exit", (Date.now() - t0) / 1000);
    expect(code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(last.output).toMatch(/SIGTERM: releasing work and stopping/);
  });
});
