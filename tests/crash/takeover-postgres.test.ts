// Two app processes on one PostgreSQL (TEST_DATABASE_URL; this file runs only when it is set) and one
// DATA_DIR: the process running a job is killed with -9; the other takes the run over within 15 s
// (short leases), finishes it, and serves presigned uploads and renditions. Prints the takeover seconds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClip } from "../helpers/media";
import { AppProcess, jobStatus, livingGroupMembers, readEvents, report, startRun, until, uploadAndRegister } from "./app-process";

const base = process.env.TEST_DATABASE_URL!;
const dbName = `va_crash_${process.pid}_${Date.now()}`;
const url = base.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-crash-pg-"));
const admin = postgres(base, { max: 1, onnotice: () => {} });
const sql = postgres(url, { max: 1, onnotice: () => {} });
let a: AppProcess;
let b: AppProcess;
let key: string;

const start = (port: number) => AppProcess.start({ port, dataDir, env: { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: "100000" } });

beforeAll(async () => {
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  a = start(3213);
  await a.waitHealthy(120_000);
  key = (await until("the first start's API key", () => a.apiKey(), 10_000))!;
  b = start(3214);
  await b.waitHealthy(120_000);
});

afterAll(async () => {
  await a?.kill9();
  await b?.kill9();
  await sql.end();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function leaseOwner(jobId: string): Promise<string | null> {
  const rows = await sql`select lease_owner from processing_runs where job_id = ${jobId} order by created_at desc limit 1`;
  return (rows[0]?.lease_owner as string | null) ?? null;
}

const ownedBy = (owner: string | null, app: AppProcess) => !!owner && livingGroupMembers(app.pid).some((pid) => owner.includes(`:${pid}-`));

describe("kill -9 of the process running a job", () => {
  it("the other process takes the run over within 15 s and completes it", async () => {
    const { jobId } = await uploadAndRegister(a, key, makeClip("pg-long", { seconds: 24, size: "640x360" }), "pg.mp4");
    const sse = readEvents(b, jobId, key);
    await startRun(a, key, jobId, ["shots", "scenes", "visualelements"]);
    await until("a first module to complete", () => sse.events.some((e) => e.data.type === "module_completed"), 120_000);
    const owner = await leaseOwner(jobId);
    const [victim, survivor] = ownedBy(owner, a) ? [a, b] : [b, a];
    expect(ownedBy(owner, victim)).toBe(true);
    await victim.kill9();
    const t0 = Date.now();
    await until("the survivor to hold the run", async () => ownedBy(await leaseOwner(jobId), survivor), 30_000, 100);
    const takeover = (Date.now() - t0) / 1000;
    report("takeover by a second process (PostgreSQL, kill -9)", takeover);
    expect(takeover).toBeLessThan(15);

    // The survivor serves presigned uploads while it works on the taken-over run (#2).
    const other = await uploadAndRegister(survivor, key, makeClip("pg-small", { seconds: 2 }), "pg-small.mp4");
    expect(other.jobId).toMatch(/^[0-9a-f-]{36}$/);
    await until("the run to finish", async () => ["completed", "failed"].includes((await jobStatus(survivor, key, jobId)).status), 150_000, 250);
    expect((await jobStatus(survivor, key, jobId)).status).toBe("completed");
    const usage = await sql`select count(*)::int as n from usage_records where job_id = ${jobId}`;
    expect(usage[0]!.n).toBe(1);
    sse.close();
  });
});
