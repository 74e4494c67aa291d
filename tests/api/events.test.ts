// GET /api/processing/{job_id}/events over a real HTTP connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { insertEvent, latestRunForJob } from "@/db/queries/runs";
import { eventHub } from "@/lib/jobs/event-hub";
import { emitEvent } from "@/lib/jobs/events";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { readSse, useHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("events");
const server = useHttpServer();

let alice: TestUser;
let runner: EmbeddedRunner;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  clip = makeClip("events", { seconds: 4 });
});
afterAll(async () => {
  await runner?.stop();
});

const events = (jobId: string, auth: string | null = alice.api_key, signal?: AbortSignal) =>
  fetch(`${server.url}/api/processing/${jobId}/events`, { headers: auth ? { authorization: auth } : {}, signal });

describe("GET /api/processing/{job_id}/events", () => {
  it("a client waiting on an uploaded video gets keepalives, then the run's events live, and the stream closes after done", async () => {
    const jobId = await registerClip(alice, clip);
    const res = await events(jobId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reading = readSse(res);
    await new Promise((r) => setTimeout(r, 1_300));
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots","grouped_shots"]' } });
    runner = new EmbeddedRunner(await getDb(), { pollMs: 50 }).start();
    const { events: got, comments, ended } = await reading;
    expect(ended).toBe(true);
    expect(comments).toContain("keepalive");
    const types = got.map((e) => `${e.type}:${e.module ?? e.status}`);
    expect(types).toContain("module_started:shots");
    expect(types).toContain("module_completed:shots");
    expect(types).toContain("module_completed:grouped_shots");
    expect(types.at(-1)).toBe("done:completed");
    expect(types.indexOf("module_started:shots")).toBeLessThan(types.indexOf("module_completed:shots"));
    // module_progress: the decode pass reports up to 100 % before shots (which reads its frames) starts.
    const decodeDone = got.findIndex((e) => e.type === "module_progress" && e.module === "decode" && e.percent === 100);
    expect(decodeDone).toBeGreaterThanOrEqual(0);
    expect(got[decodeDone]).toMatchObject({ job_id: jobId, message: "Decoded" });
    expect(decodeDone).toBeLessThan(types.indexOf("module_started:shots"));
  });

  it("a finished job answers its last run's events and done at once, and closes", async () => {
    const jobId = await registerClip(alice, clip);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    await waitForStatus(alice.api_key, jobId);
    const { events: got, ended } = await readSse(await events(jobId));
    expect(ended).toBe(true);
    expect(got.at(-1)).toEqual({ type: "done", job_id: jobId, status: "completed" });
    expect(got.filter((e) => e.type === "done")).toHaveLength(1);
    const completed = got.filter((e) => e.type === "module_completed").map((e) => e.module);
    expect(completed).toContain("shots");
    expect(new Set(completed).size).toBe(completed.length);
  });

  it("a late subscriber to a running job first gets the run's events so far, then live ones", async () => {
    await runner.stop();
    const jobId = await registerClip(alice, clip);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    // An event the run already emitted before this client arrived (as a runner elsewhere would).
    const db = await getDb();
    const run = await latestRunForJob(db, jobId);
    await emitEvent(db, { runId: run!.id, jobId, type: "module_started", data: { module: "earlier" } });
    const reading = readSse(await events(jobId));
    await new Promise((r) => setTimeout(r, 300));
    runner = new EmbeddedRunner(db, { pollMs: 50 }).start();
    const { events: got, ended } = await reading;
    expect(ended).toBe(true);
    expect(got[0]).toMatchObject({ type: "module_started", module: "earlier" });
    expect(got.map((e) => e.type)).toContain("module_completed");
    expect(got.at(-1)).toMatchObject({ type: "done", status: "completed" });
    expect(new Set(got.map((e) => JSON.stringify(e))).size).toBe(got.length);
  });

  it("an event another process wrote (a row, no local wake-up) reaches the stream", async () => {
    await runner.stop();
    const jobId = await registerClip(alice, clip);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    const db = await getDb();
    const run = await latestRunForJob(db, jobId);
    const reading = readSse(await events(jobId), (evs) => evs.some((e) => e.type === "done"));
    await new Promise((r) => setTimeout(r, 200));
    await insertEvent(db, { runId: run!.id, jobId, type: "module_started", data: { module: "shots" } });
    await insertEvent(db, { runId: run!.id, jobId, type: "done", data: { status: "completed" } });
    const { events: got } = await reading;
    expect(got.map((e) => e.type)).toEqual(["module_started", "done"]);
  });

  it("401 without credentials and 404 for an unknown job", async () => {
    const jobId = await registerClip(alice, clip);
    const anon = await events(jobId, null);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ detail: "Missing Authorization header" });
    const missing = await events("00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
  });

  it("200 clients that connect and go away leave no listener or timer behind", async () => {
    const jobId = await registerClip(alice, clip);
    const hub = eventHub(await getDb());
    const controllers = Array.from({ length: 200 }, () => new AbortController());
    const responses = await Promise.all(controllers.map((c) => events(jobId, alice.api_key, c.signal)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // Each has read its first bytes, so each stream is subscribed.
    await Promise.all(responses.map((r) => r.body!.getReader().read()));
    expect(hub.subscriberCount).toBe(200);
    for (const c of controllers) c.abort();
    const deadline = Date.now() + 10_000;
    while ((hub.subscriberCount > 0 || !hub.isIdle) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.subscriberCount).toBe(0);
    expect(hub.isIdle).toBe(true);
  });
});
