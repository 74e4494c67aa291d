// /api/webhooks: registering endpoints (SSRF guard included), the test event, signatures and the
// delivery log, with a real receiver over HTTP and a real dispatcher on the test database.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { verifySignature } from "@/lib/webhooks/signing";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeUser, type TestUser } from "../helpers/users";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

useApiTestEnv("webhooks");

let alice: TestUser;
let bob: TestUser;
let dispatcher: WebhookDispatcher | null = null;
const receivers: Receiver[] = [];

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = null;
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
});
afterAll(async () => {
  for (const r of receivers) await r.close();
});
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";

async function receiver(statuses: (number | "hang")[] = [200]) {
  const r = await startReceiver(statuses);
  receivers.push(r);
  return r;
}

async function register(url: string, extra: Record<string, unknown> = {}, user = alice) {
  const res = await call("POST", "/webhooks", { auth: user.api_key, body: { url, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string; url: string };
}

async function startDispatcher(opts: ConstructorParameters<typeof WebhookDispatcher>[1] = {}) {
  dispatcher = new WebhookDispatcher(await getDb(), { pollMs: 50, ...opts }).start();
  return dispatcher;
}

async function deliveries(hookId: string, user = alice) {
  const res = await call("GET", `/webhooks/${hookId}/deliveries`, { auth: user.api_key });
  expect(res.status, res.text).toBe(200);
  return res.body as any[];
}

async function waitForDelivery(hookId: string, status: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [latest] = await deliveries(hookId);
    if (latest?.status === status) return latest;
    if (Date.now() > deadline) throw new Error(`delivery still ${latest?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("POST /api/webhooks", () => {
  it("201 with a whsec_ secret shown once; GET lists and reads it without the secret", async () => {
    const res = await call("POST", "/webhooks", {
      auth: alice.api_key,
      body: { url: "https://hooks.example.com/a", events: ["video.completed", "done"], description: "CI" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ url: "https://hooks.example.com/a", events: ["video.completed", "done"], enabled: true, description: "CI" });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await call("GET", "/webhooks", { auth: alice.api_key });
    const mine = list.body.find((w: any) => w.id === res.body.id);
    expect(mine).toBeTruthy();
    expect(mine.secret).toBeUndefined();
    const one = await call("GET", `/webhooks/${res.body.id}`, { auth: alice.api_key });
    expect(one.status).toBe(200);
    expect(one.body.secret).toBeUndefined();
    expect(one.text).not.toContain(res.body.secret);
  });

  it("400 {detail} for an unknown event type, a non-http URL and a malformed URL", async () => {
    for (const body of [
      { url: "https://hooks.example.com/x", events: ["video.exploded"] },
      { url: "ftp://hooks.example.com/x" },
      { url: "not a url" },
    ]) {
      const res = await call("POST", "/webhooks", { auth: alice.api_key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe("string");
    }
  });

  it("400 for loopback, private and link-local targets unless WEBHOOK_ALLOW_PRIVATE_URLS=1", async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    for (const url of [
      "http://127.0.0.1:8080/h",
      "http://localhost/h",
      "http://api.localhost/h",
      "http://10.1.2.3/h",
      "http://172.20.0.1/h",
      "http://192.168.1.10/h",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/h",
      "http://[fd00::1]/h",
      "http://[::ffff:127.0.0.1]/h",
      "http://0x7f000001/h",
      "http://0.0.0.0/h",
    ]) {
      const res = await call("POST", "/webhooks", { auth: alice.api_key, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.detail).toMatch(/loopback, private or link-local/);
    }
    const patchTarget = await call("POST", "/webhooks", { auth: alice.api_key, body: { url: "https://8.8.8.8/h" } });
    expect(patchTarget.status, patchTarget.text).toBe(201);
    const patch = await call("PATCH", `/webhooks/${patchTarget.body.id}`, { auth: alice.api_key, body: { url: "http://127.0.0.1/h" } });
    expect(patch.status).toBe(400);
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
    const allowed = await call("POST", "/webhooks", { auth: alice.api_key, body: { url: "http://127.0.0.1:8080/h" } });
    expect(allowed.status).toBe(201);
  });
});

describe("GET|PATCH|DELETE /api/webhooks/{webhook_id}", () => {
  it("PATCH changes url, events, enabled and description; DELETE removes it (then 404)", async () => {
    const hook = await register("https://hooks.example.com/p");
    const res = await call("PATCH", `/webhooks/${hook.id}`, {
      auth: alice.api_key,
      body: { url: "https://hooks.example.com/q", events: ["video.failed"], enabled: false, description: "paused" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ url: "https://hooks.example.com/q", events: ["video.failed"], enabled: false, description: "paused" });
    expect((await call("DELETE", `/webhooks/${hook.id}`, { auth: alice.api_key })).body).toEqual({ ok: true });
    expect((await call("GET", `/webhooks/${hook.id}`, { auth: alice.api_key })).status).toBe(404);
  });

  it("404 Webhook not found for another user's endpoint, an unknown id and a malformed id", async () => {
    const hook = await register("https://hooks.example.com/mine");
    for (const [method, path] of [
      ["GET", `/webhooks/${hook.id}`],
      ["PATCH", `/webhooks/${hook.id}`],
      ["DELETE", `/webhooks/${hook.id}`],
      ["GET", `/webhooks/${hook.id}/deliveries`],
      ["POST", `/webhooks/${hook.id}/test`],
      ["GET", `/webhooks/${GHOST}`],
      ["GET", "/webhooks/not-an-id"],
    ]) {
      const res = await call(method!, path!, { auth: bob.api_key, body: method === "PATCH" ? { enabled: false } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: "Webhook not found" });
    }
    expect((await call("GET", `/webhooks/${hook.id}`, { auth: alice.api_key })).status).toBe(200);
  });
});

describe("POST /api/webhooks/{webhook_id}/test and delivery", () => {
  it("delivers a Standard Webhooks signed POST that verifies with the secret; the log shows it delivered", async () => {
    const r = await receiver([200]);
    const hook = await register(r.url);
    const queued = await call("POST", `/webhooks/${hook.id}/test`, { auth: alice.api_key });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ event_type: "webhook.test", status: "pending", attempts: 0 });
    await startDispatcher();
    const [got] = await r.waitFor(1);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["webhook-id"]).toBe(queued.body.id);
    expect(got!.json).toMatchObject({ type: "webhook.test", data: { webhook_id: hook.id } });
    // The check a receiver makes, written out independently of lib/webhooks/signing.ts.
    const key = Buffer.from(hook.secret.slice("whsec_".length), "base64");
    const signed = `${got!.headers["webhook-id"]}.${got!.headers["webhook-timestamp"]}.${got!.body}`;
    const expected = "v1," + crypto.createHmac("sha256", key).update(signed).digest("base64");
    expect(got!.headers["webhook-signature"]).toBe(expected);
    expect(Math.abs(Number(got!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    const headers = { id: String(got!.headers["webhook-id"]), timestamp: String(got!.headers["webhook-timestamp"]), signature: String(got!.headers["webhook-signature"]) };
    expect(verifySignature({ secret: hook.secret, headers, body: got!.body })).toBe(true);
    expect(verifySignature({ secret: hook.secret, headers, body: got!.body + " " })).toBe(false);
    const logged = await waitForDelivery(hook.id, "delivered");
    expect(logged).toMatchObject({ id: queued.body.id, attempts: 1, response_status: 200, error: null });
    expect(logged.attempt_log).toHaveLength(1);
    expect(typeof logged.duration_ms).toBe("number");
  });

  it("a receiver answering 500 then 200 gets the event twice with the same webhook-id", async () => {
    const r = await receiver([500, 200]);
    const hook = await register(r.url);
    await call("POST", `/webhooks/${hook.id}/test`, { auth: alice.api_key });
    await startDispatcher({ retryDelaysMs: [100, 100] });
    const got = await r.waitFor(2);
    expect(got[0]!.headers["webhook-id"]).toBe(got[1]!.headers["webhook-id"]);
    expect(got[0]!.body).toBe(got[1]!.body);
    const logged = await waitForDelivery(hook.id, "delivered");
    expect(logged.attempts).toBe(2);
    expect(logged.attempt_log.map((a: any) => a.response_status)).toEqual([500, 200]);
    expect(logged.attempt_log[0].error).toBe("HTTP 500");
  });

  it("redirects are not followed, a hanging receiver times out, and the schedule's end marks it failed", async () => {
    const r = await receiver([302, "hang"]);
    const hook = await register(r.url);
    await call("POST", `/webhooks/${hook.id}/test`, { auth: alice.api_key });
    await startDispatcher({ retryDelaysMs: [50], timeoutMs: 1_500 });
    const logged = await waitForDelivery(hook.id, "failed");
    expect(r.received).toHaveLength(2);
    expect(logged.attempt_log.map((a: any) => a.error)).toEqual(["Redirect (302) not followed", "Timed out after 2 s"]);
  });

  it("at delivery, a URL that resolves to loopback is refused (after DNS) when private URLs are not allowed", async () => {
    const r = await receiver([200]);
    const byName = await register(r.url.replace("127.0.0.1", "localhost"));
    const byAddress = await register(r.url);
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    await call("POST", `/webhooks/${byName.id}/test`, { auth: alice.api_key });
    await call("POST", `/webhooks/${byAddress.id}/test`, { auth: alice.api_key });
    await startDispatcher({ retryDelaysMs: [] });
    const named = await waitForDelivery(byName.id, "failed");
    const addressed = await waitForDelivery(byAddress.id, "failed");
    expect(named.error).toMatch(/^Refused: .*localhost resolves to (127\.0\.0\.1|::1)/);
    expect(addressed.error).toMatch(/^Refused/);
    expect(r.received).toHaveLength(0);
  });

  it("a paused endpoint's events wait and go out once it is resumed", async () => {
    const r = await receiver([200]);
    const carol = await makeUser(); // an owner with this one endpoint only
    const hook = await register(r.url, {}, carol);
    const { enqueueDeliveries } = await import("@/db/queries/webhooks");
    const { insertVideo } = await import("@/db/queries/videos");
    const db = await getDb();
    const video = await insertVideo(db, { userId: carol.user_id, jobId: crypto.randomUUID(), name: "paused.mp4", storagePath: `users/${carol.user_id}/paused.mp4` });
    expect((await call("PATCH", `/webhooks/${hook.id}`, { auth: carol.api_key, body: { enabled: false } })).body.enabled).toBe(false);
    // A paused endpoint gets no new events queued, and what was queued before waits.
    expect(await enqueueDeliveries(db, { jobId: video.jobId, eventType: "done", eventId: null, payload: "{}" })).toBe(0);
    await call("PATCH", `/webhooks/${hook.id}`, { auth: carol.api_key, body: { enabled: true } });
    expect(await enqueueDeliveries(db, { jobId: video.jobId, eventType: "done", eventId: null, payload: '{"type":"done"}' })).toBe(1);
    await call("PATCH", `/webhooks/${hook.id}`, { auth: carol.api_key, body: { enabled: false } });
    await startDispatcher();
    await new Promise((res) => setTimeout(res, 400));
    expect(r.received).toHaveLength(0);
    expect((await deliveries(hook.id, carol))[0].status).toBe("pending");
    await call("PATCH", `/webhooks/${hook.id}`, { auth: carol.api_key, body: { enabled: true } });
    await r.waitFor(1);
    expect(r.received[0]!.body).toBe('{"type":"done"}');
  });
});
