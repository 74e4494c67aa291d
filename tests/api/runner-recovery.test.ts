// Recovery without waiting for a lease: a runner stopped gracefully hands its run back at once (the
// attempt refunded), the runs of a dead process are taken over at start-up, a cancelled run is
// aborted at once and leaves no work directory.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { env } from "@/lib/env";
import { claimRun } from "@/db/queries/runs";
import { processingRuns, runSteps } from "@/db/schema";
import { DEFAULT_LEASE_MS, EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { recoverOrphanedRuns } from "@/lib/jobs/recover-runs";
import { workDirFor } from "@/lib/analysis/shared-media";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("recovery");

async function queued(modules = '["shots"]') {
  const user = await makeUser();
  const jobId = await registerClip(user, makeClip("recovery", { seconds: 4 }));
  const res = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: modules } });
  expect(res.status).toBe(200);
  return { user, jobId };
}

async function runOf(jobId: string) {
  const db = await getDb();
  const [run] = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId));
  return run!;
}

describe("leases", () => {
  it("are short enough for a 15 s takeover", () => {
    expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(12_000);
  });

  it("a gracefully stopped runner hands its run back: another claims it at once, attempt refunded", async () => {
    const { user, jobId } = await queued();
    const db = await getDb();
    const first = new EmbeddedRunner(db, { pollMs: 20 }).start();
    for (let i = 0; i < 3000 && !(await db.select().from(runSteps)).length; i++) await new Promise((r) => setTimeout(r, 10));
    await first.shutdown();
    const run = await runOf(jobId);
    if (run.status === "running") {
      expect(run.attempts).toBe(0);
      expect(run.leaseExpiresAt!.getTime()).toBeLessThan(Date.now());
      const claimed = await claimRun(db, { owner: "other", leaseMs: 60_000, engine: "embedded" });
      expect(claimed?.id).toBe(run.id);
      await db.update(processingRuns).set({ leaseExpiresAt: new Date(0) }).where(eq(processingRuns.id, run.id));
    }
    const second = new EmbeddedRunner(db, { pollMs: 20 }).start();
    expect((await waitForStatus(user.api_key, jobId)).status).toBe("completed");
    await second.stop();
  });

  it("at start-up the runs of a dead owner are claimable at once (exclusive database: all of them)", async () => {
    const { jobId } = await queued();
    const db = await getDb();
    const claimed = await claimRun(db, { owner: "gone-host:1-1:dead", leaseMs: 60_000, engine: "embedded" });
    expect(claimed).not.toBeNull();
    expect(await claimRun(db, { owner: "me", leaseMs: 60_000, engine: "embedded" })).toBeNull();
    expect(await recoverOrphanedRuns(db, { exclusive: true })).toBeGreaterThanOrEqual(1);
    const again = await claimRun(db, { owner: "me", leaseMs: 60_000, engine: "embedded" });
    expect(again?.jobId).toBe(jobId);
    await db.update(processingRuns).set({ status: "failed" }).where(eq(processingRuns.jobId, jobId));
  });
});

describe("cancelling", () => {
  it("DELETE /videos/{job_id} aborts the run at once and leaves no work directory", async () => {
    const { user, jobId } = await queued('["shots","scenes","visualelements"]');
    const db = await getDb();
    const runner = new EmbeddedRunner(db, { pollMs: 20 }).start();
    try {
      for (let i = 0; i < 3000 && !fs.existsSync(workDirFor(jobId)); i++) await new Promise((r) => setTimeout(r, 10));
      expect(fs.existsSync(workDirFor(jobId))).toBe(true);
      expect((await call("DELETE", `/videos/${jobId}`, { auth: user.api_key })).status).toBe(200);
      // The run ends as the DELETE aborts it, not when its steps in flight would have ended (a
      // model loading at low priority on a busy machine took seconds): idle by the next turn.
      await new Promise((r) => setImmediate(r));
      expect(runner.busy).toBe(0);
      // Its files go once the abandoned steps wound down (ffmpeg killed; a model load may take a while).
      for (let i = 0; i < 1500 && fs.existsSync(workDirFor(jobId)); i++) await new Promise((r) => setTimeout(r, 10));
      expect(fs.existsSync(workDirFor(jobId))).toBe(false);
      expect(env().DATA_DIR).toBeTruthy();
    } finally {
      await runner.stop();
    }
  });
});

describe("work files of runs that ended in another process", () => {
  it("a running runner removes them once idle, and keeps those of a run still going elsewhere", async () => {
    const db = await getDb();
    // A run this process handed back (or whose lease lapsed) that another process then finished:
    // its job has no queued or running run any more.
    const ended = await queued();
    await db.update(processingRuns).set({ status: "completed" }).where(eq(processingRuns.jobId, ended.jobId));
    // A run another process holds now.
    const elsewhere = await queued();
    const claimed = await claimRun(db, { owner: "other-host:1-1:alive", leaseMs: 600_000, engine: "embedded" });
    expect(claimed?.jobId).toBe(elsewhere.jobId);
    const old = new Date(Date.now() - 120_000);
    for (const jobId of [ended.jobId, elsewhere.jobId]) {
      fs.mkdirSync(workDirFor(jobId), { recursive: true });
      fs.writeFileSync(`${workDirFor(jobId)}/frames.v8`, "x");
      fs.utimesSync(workDirFor(jobId), old, old);
    }
    const runner = new EmbeddedRunner(db, { pollMs: 60_000, workSweepMs: 50 }).start();
    try {
      for (let i = 0; i < 1500 && fs.existsSync(workDirFor(ended.jobId)); i++) await new Promise((r) => setTimeout(r, 10));
      expect(fs.existsSync(workDirFor(ended.jobId))).toBe(false);
      expect(fs.existsSync(workDirFor(elsewhere.jobId))).toBe(true);
    } finally {
      await runner.stop();
      await db.update(processingRuns).set({ status: "failed" }).where(eq(processingRuns.jobId, elsewhere.jobId));
    }
  });
});
