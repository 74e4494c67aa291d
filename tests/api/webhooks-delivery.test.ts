// Webhook delivery end to end: a real run's events reach a real receiver (module events, done,
// video.completed with counts and links); retries survive a dispatcher restart; two dispatchers on
// one database (two app processes) deliver each message once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip } from "../helpers/videos";
import { startReceiver } from "../helpers/webhook-receiver";

useApiTestEnv("webhook-delivery");
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";

let alice: TestUser;
let clip: string;
const stoppers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  clip = makeClip("webhook-delivery", { seconds: 4 });
});
afterEach(async () => {
  for (const stop of stoppers.splice(0)) await stop();
});

async function receiver(statuses: (number | "hang")[] = [200]) {
  const r = await startReceiver(statuses);
  stoppers.push(r.close);
  return r;
}

async function dispatcher(opts: ConstructorParameters<typeof WebhookDispatcher>[1] = {}) {
  const d = new WebhookDispatcher(await getDb(), { pollMs: 50, ...opts }).start();
  stoppers.push(() => d.stop());
  return d;
}

async function register(url: string, events?: string[]) {
  const res = await call("POST", "/webhooks", { auth: alice.api_key, body: { url, ...(events ? { events } : {}) } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string };
}

async function deliveries(hookId: string) {
  return (await call("GET", `/webhooks/${hookId}/deliveries?limit=200`, { auth: alice.api_key })).body as any[];
}

describe("webhooks for a processing run", () => {
  it("mirrors the stream's events and sends video.completed with segment counts and links", async () => {
    const all = await receiver();
    const onlyOutcome = await receiver();
    const hookAll = await register(all.url);
    await register(onlyOutcome.url, ["video.completed", "video.failed"]);
    const runner = new EmbeddedRunner(await getDb(), { pollMs: 50 }).start();
    stoppers.push(() => runner.stop());
    await dispatcher();
    const jobId = await registerClip(alice, clip);
    await processToCompletion(alice, jobId, ["shots"]);
    await onlyOutcome.waitFor(1);
    const types = () => all.received.map((r) => r.json.type);
    const deadline = Date.now() + 10_000;
    while (!types().includes("video.completed") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(types()).toContain("module_started");
    expect(types()).toContain("module_completed");
    expect(types()).toContain("done");
    expect(onlyOutcome.received.map((r) => r.json.type)).toEqual(["video.completed"]);
    const completed = onlyOutcome.received[0]!.json;
    expect(completed.data).toMatchObject({ job_id: jobId, status: "completed" });
    expect(completed.data.segment_counts.shots).toBeGreaterThan(0);
    expect(completed.data.total_segments).toBe(completed.data.segment_counts.shots);
    expect(completed.data.links.results).toMatch(new RegExp(`/api/results/job/${jobId}$`));
    expect(completed.data.links.app).toMatch(new RegExp(`/videos/${jobId}$`));
    const shots = all.received.find((r) => r.json.type === "module_completed" && r.json.data.module === "shots");
    expect(shots?.json.data).toMatchObject({ type: "module_completed", job_id: jobId, module: "shots", segments: completed.data.segment_counts.shots });
    const done = all.received.find((r) => r.json.type === "done");
    expect(done?.json.data).toEqual({ type: "done", job_id: jobId, status: "completed" });
    // Every message once, and the log newest first.
    const ids = all.received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    const log = await deliveries(hookAll.id);
    expect(log.length).toBe(all.received.length);
    const created = log.map((d) => d.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });
});

describe("retries", () => {
  it("a restart mid-retry still delivers: the next process picks the pending delivery up", async () => {
    const r = await receiver([503, 200]);
    const hook = await register(r.url);
    await call("POST", `/webhooks/${hook.id}/test`, { auth: alice.api_key });
    const first = await dispatcher({ retryDelaysMs: [400] });
    await r.waitFor(1);
    await first.stop(); // the process goes away before the retry is due
    const [pending] = await deliveries(hook.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, response_status: 503 });
    expect(pending.next_attempt_at).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    expect(r.received).toHaveLength(1);
    await dispatcher({ retryDelaysMs: [400] }); // the restarted process
    await r.waitFor(2);
    expect(r.received[1]!.headers["webhook-id"]).toBe(r.received[0]!.headers["webhook-id"]);
    const deadline = Date.now() + 5_000;
    let latest = (await deliveries(hook.id))[0];
    while (latest.status !== "delivered" && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 50));
      latest = (await deliveries(hook.id))[0];
    }
    expect(latest).toMatchObject({ status: "delivered", attempts: 2, response_status: 200 });
  });

  it("two dispatchers on one database (two app processes) deliver each message once", async () => {
    const r = await receiver([200]);
    const hook = await register(r.url);
    const n = 30;
    for (let i = 0; i < n; i++) await call("POST", `/webhooks/${hook.id}/test`, { auth: alice.api_key });
    await Promise.all([dispatcher({ concurrency: 4 }), dispatcher({ concurrency: 4 })]);
    await r.waitFor(n);
    await new Promise((res) => setTimeout(res, 500)); // room for a duplicate to show up
    const ids = r.received.map((x) => x.headers["webhook-id"]);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
  });
});

afterAll(async () => {
  for (const stop of stoppers.splice(0)) await stop();
});
