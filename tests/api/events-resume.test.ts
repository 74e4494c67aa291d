// GET /api/processing/{job_id}/events: every event has an `id:`, and a client reconnecting with
// Last-Event-ID gets only what it missed (live, and after the run finished).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { claimRun, latestRunForJob } from "@/db/queries/runs";
import { videos } from "@/db/schema";
import { finalizeRun } from "@/lib/pipeline/finalize-run";
import { emitEvent } from "@/lib/jobs/events";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

useApiTestEnv("events-resume");
const server = useHttpServer();

let alice: TestUser;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  clip = makeClip("events-resume", { seconds: 2 });
});

/** Reads `id:`/`data:` blocks until `until` holds or the stream ends. */
async function readWithIds(res: Response, until: (events: { id: string; data: any }[]) => boolean = () => false) {
  const events: { id: string; data: any }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { events, ended: true };
    buf += value;
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i).split("\n");
      buf = buf.slice(i + 2);
      const data = block.find((l) => l.startsWith("data: "));
      if (data) events.push({ id: block.find((l) => l.startsWith("id: "))?.slice(4) ?? "", data: JSON.parse(data.slice(6)) });
    }
    if (until(events)) {
      await reader.cancel();
      return { events, ended: false };
    }
  }
}

const open = (jobId: string, lastEventId?: string) =>
  fetch(`${server.url}/api/processing/${jobId}/events`, {
    headers: { authorization: alice.api_key, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
  });

describe("GET /api/processing/{job_id}/events with Last-Event-ID", () => {
  it("every event carries an increasing id; reconnecting with the last one seen gets only the rest", async () => {
    const jobId = await registerClip(alice, clip);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    const db = await getDb();
    const run = (await latestRunForJob(db, jobId))!;
    await emitEvent(db, { runId: run.id, jobId, type: "module_started", data: { module: "shots", selected: true } });
    await emitEvent(db, { runId: run.id, jobId, type: "module_completed", data: { module: "shots", segments: 1 } });

    const first = await readWithIds(await open(jobId), (ev) => ev.length === 2);
    expect(first.events.map((e) => e.data.type)).toEqual(["module_started", "module_completed"]);
    const ids = first.events.map((e) => Number(e.id));
    expect(ids[0]).toBeGreaterThan(0);
    expect(ids[1]).toBeGreaterThan(ids[0]!);

    // Missed while disconnected: one more module event, then the end of the run.
    await emitEvent(db, { runId: run.id, jobId, type: "module_started", data: { module: "grouped_shots", selected: false } });
    const resumed = await readWithIds(await open(jobId, first.events[1]!.id), (ev) => ev.length === 1);
    expect(resumed.events.map((e) => e.data)).toEqual([{ type: "module_started", job_id: jobId, module: "grouped_shots", selected: false }]);

    await claimRun(db, { owner: "test", leaseMs: 60_000, engine: "embedded" });
    await db.update(videos).set({ status: "processing" }).where(eq(videos.jobId, jobId)); // as the runner does
    await finalizeRun(db, { runId: run.id, notes: [] });
    const after = await readWithIds(await open(jobId, resumed.events[0]!.id));
    expect(after.ended).toBe(true);
    expect(after.events.map((e) => e.data.type)).toEqual(["done"]);
    expect(Number(after.events[0]!.id)).toBeGreaterThan(Number(resumed.events[0]!.id));

    // A client that saw `done` already gets nothing more; one that saw nothing gets everything.
    const nothing = await readWithIds(await open(jobId, after.events[0]!.id));
    expect(nothing).toEqual({ events: [], ended: true });
    const everything = await readWithIds(await open(jobId));
    expect(everything.events.map((e) => e.data.type)).toEqual(["module_started", "module_completed", "module_started", "done"]);
    expect(everything.events.map((e) => e.id)).toEqual([...ids.map(String), resumed.events[0]!.id, after.events[0]!.id]);
  });

  it("last_event_id in the query works like the header; a malformed one is ignored", async () => {
    const jobId = await registerClip(alice, clip);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} });
    const db = await getDb();
    const run = (await latestRunForJob(db, jobId))!;
    await emitEvent(db, { runId: run.id, jobId, type: "module_started", data: { module: "a" } });
    await emitEvent(db, { runId: run.id, jobId, type: "module_started", data: { module: "b" } });
    const all = await readWithIds(await open(jobId), (ev) => ev.length === 2);
    const res = await fetch(`${server.url}/api/processing/${jobId}/events?last_event_id=${all.events[0]!.id}`, {
      headers: { authorization: alice.api_key },
    });
    const rest = await readWithIds(res, (ev) => ev.length === 1);
    expect(rest.events.map((e) => e.data.module)).toEqual(["b"]);
    const junk = await readWithIds(await open(jobId, "not-a-number"), (ev) => ev.length === 2);
    expect(junk.events.map((e) => e.data.module)).toEqual(["a", "b"]);
  });
});
