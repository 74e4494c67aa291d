// Run events written by another process (a worker, for a web process's SSE clients) reach this
// process's subscribers through the hub's poll, including an event that became visible after a
// higher id of another job had been delivered (ids are handed out at insert, commits land in
// another order).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, openPostgres, type Db } from "@/db/client";
import { insertEvent, latestRunForJob, type RunEvent } from "@/db/queries/runs";
import { runEvents } from "@/db/schema";
import { eventHub } from "@/lib/jobs/event-hub";
import { emitEvent } from "@/lib/jobs/events";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

const testDb = useApiTestEnv("events-xp");

let alice: TestUser;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("alice-xp@example.com");
  clip = makeClip("events-xp", { seconds: 2 });
});

/** A registered video with a queued run (no runner runs in this file): its job id and run id. */
async function queuedJob(): Promise<{ jobId: string; runId: string }> {
  const jobId = await registerClip(alice, clip);
  const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
  expect(start.status, start.text).toBe(200);
  const run = await latestRunForJob(await getDb(), jobId);
  return { jobId, runId: run!.id };
}

async function arrives(list: RunEvent[], id: number, timeoutMs = 10_000): Promise<RunEvent | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const hit = list.find((e) => e.id === id);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

/** Another process's connections to the same database (PGlite has no others: the same handle). */
async function otherProcessDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const { kind, url, db } = testDb.handle();
  if (kind !== "postgres") return { db, close: async () => {} };
  const other = await openPostgres(url!, { max: 1 });
  return { db: other.db, close: other.close };
}

describe("events written by another process", () => {
  it("reach a subscriber of this process without any local signal", async () => {
    const { jobId, runId } = await queuedJob();
    const got: RunEvent[] = [];
    const off = await eventHub(await getDb()).subscribe(jobId, (e) => got.push(e));
    const other = await otherProcessDb();
    try {
      const row = await insertEvent(other.db, { runId, jobId, type: "module_started", data: { module: "shots" } });
      const seen = await arrives(got, row.id);
      expect(seen?.type).toBe("module_started");
      expect(got.filter((e) => e.id === row.id)).toHaveLength(1);
    } finally {
      off();
      await other.close();
    }
  });

  it("an event of one job committed after a higher id of another job was delivered still arrives", async () => {
    const a = await queuedJob();
    const b = await queuedJob();
    const db = await getDb();
    const hub = eventHub(db);
    const gotA: RunEvent[] = [];
    const gotB: RunEvent[] = [];
    const offA = await hub.subscribe(a.jobId, (e) => gotA.push(e));
    const offB = await hub.subscribe(b.jobId, (e) => gotB.push(e));
    const other = await otherProcessDb();
    try {
      // The worker running A takes an id for A's event and commits it a moment later...
      const taken = await other.db.execute(sql`select nextval(pg_get_serial_sequence('run_events', 'id'))::int as id`);
      const reserved = Number(((Array.isArray(taken) ? taken : (taken as { rows: unknown[] }).rows)[0] as { id: number }).id);
      // ...while this process writes (and delivers at once) an event of B with the next id,
      await emitEvent(db, { runId: b.runId, jobId: b.jobId, type: "module_started", data: { module: "shots" } });
      expect(gotB.map((e) => e.id)).toEqual([reserved + 1]);
      // and a poll or two pass with B's id the highest seen.
      await new Promise((r) => setTimeout(r, 1_200));
      await other.db.insert(runEvents).values({ id: reserved, runId: a.runId, jobId: a.jobId, type: "module_started", data: { module: "shots" } });
      const seen = await arrives(gotA, reserved);
      expect(seen, "A's late event never reached its subscriber").toBeDefined();
      expect(gotB.map((e) => e.id)).toEqual([reserved + 1]);
    } finally {
      offA();
      offB();
      await other.close();
    }
  });
});
