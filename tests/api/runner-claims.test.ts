// Several runners on one database (as several app processes would be): every run is claimed once.
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { claimRun } from "@/db/queries/runs";
import { processingRuns } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("claims");

describe("claiming runs", () => {
  it("concurrent claimers never get the same run", async () => {
    const user = await makeUser();
    const clip = makeClip("claims", { seconds: 2 });
    const jobs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const jobId = await registerClip(user, clip, `c${i}.mp4`);
      await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: '["shots"]' } });
      jobs.push(jobId);
    }
    const db = await getDb();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claimRun(db, { owner: `p${i}`, leaseMs: 60_000, engine: "embedded" })),
    );
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(claimed).toHaveLength(6);
    expect(new Set(claimed).size).toBe(6);

    // Hand them back, then let two runners (two "processes") finish them all.
    await db.update(processingRuns).set({ status: "queued", attempts: 0, leaseOwner: null, leaseExpiresAt: null });
    const a = new EmbeddedRunner(db, { pollMs: 30, concurrency: 1 }).start();
    const b = new EmbeddedRunner(db, { pollMs: 30, concurrency: 1 }).start();
    try {
      for (const jobId of jobs) expect((await waitForStatus(user.api_key, jobId)).status).toBe("completed");
    } finally {
      await a.stop();
      await b.stop();
    }
    const runs = await db.select().from(processingRuns);
    expect(runs).toHaveLength(6);
    expect(runs.every((r) => r.attempts === 1 && r.status === "completed")).toBe(true);
    for (const r of runs) expect([a.owner, b.owner]).toContain(r.leaseOwner);
  });
});
