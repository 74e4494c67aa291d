// A passing outage is not a run's failure: with STORAGE_DRIVER=s3 (s3rver behind a proxy that
// answers every write with 503 SlowDown for a while, as bench/soak does), a run whose derived files
// are refused is handed back and resumed once the storage takes writes again: it completes, once,
// with one usage record, instead of failing with "Please reduce your request rate."
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR || "/tmp"}/va-runner-outage-s3-test-${process.pid}-${Date.now()}`;
  // STORAGE_DRIVER=s3 comes with its bucket and endpoint in beforeAll (s3.useAsStorage()): set alone
  // here, the configuration would be invalid while the modules load (their loggers read env()).
  process.env.RATE_LIMIT_PER_MINUTE = "100000";
});

import { getDb } from "@/db/client";
import { processingRuns, runEvents, usageRecords } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { makeClip } from "../helpers/media";
import { startRefusingS3, type RefusingS3 } from "../helpers/refusing-s3";
import { makeUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

useTestDb();

let storage: RefusingS3;
beforeAll(async () => {
  storage = await startRefusingS3("outage-bucket");
  storage.useAsStorage();
});
afterAll(async () => {
  await storage?.close();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});

const until = async (what: string, fn: () => boolean, ms = 60_000) => {
  for (const end = Date.now() + ms; !fn(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error(`no ${what} in ${ms} ms`);
};

describe("storage refusing writes mid-run", () => {
  it("the run is handed back and completes once when writes are taken again", async () => {
    const user = await makeUser();
    const jobId = await registerClip(user, makeClip("outage", { seconds: 4 }));
    const db = await getDb();
    const start = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: '["shots"]' } });
    expect(start.status).toBe(200);

    // Refused from now until the run has met the refusal, and 3 s more.
    void storage.refuseWrites(300_000);
    const runner = new EmbeddedRunner(db, { pollMs: 20, outageRetryMs: 1_000 }).start();
    try {
      await until("refused write", () => storage.refused > 0, 90_000);
      await new Promise((r) => setTimeout(r, 3_000));
      void storage.refuseWrites(0);

      const status = await waitForStatus(user.api_key, jobId, ["completed", "failed"], 120_000);
      expect(status.status, status.error).toBe("completed");
      const runs = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId));
      expect(runs.map((r) => r.status)).toEqual(["completed"]);
      expect(runs[0]!.attempts).toBeGreaterThanOrEqual(2);
      expect(await db.select().from(usageRecords).where(eq(usageRecords.jobId, jobId))).toHaveLength(1);
      const done = (await db.select().from(runEvents).where(eq(runEvents.jobId, jobId))).filter((e) => e.type === "done");
      expect(done).toHaveLength(1);
      const thumb = await call("GET", `/videos/${jobId}`, { auth: user.api_key });
      expect(thumb.status).toBe(200);
    } finally {
      await runner.stop();
    }
  }, 240_000);
});
