// GET /api/metrics: the Prometheus text format; open to loopback clients only without
// METRICS_TOKEN (the socket's address; a client-sent X-Forwarded-For changes nothing), the bearer
// token with it; and the numbers move with what happens: requests by route pattern and status,
// 429 refusals, runs by state and the queue (read from the database), stored bytes, a real run's
// module durations, webhook deliveries by outcome, and a model process killed and started again.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { claimRun, expireLeases } from "@/db/queries/runs";
import { recordDuration } from "@/lib/metrics/install-histograms";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { sample } from "../helpers/prometheus";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";
import { startReceiver } from "../helpers/webhook-receiver";

useApiTestEnv("metrics");
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";

const LOOPBACK = { "x-va-peer": "127.0.0.1" };
const TOKEN = "metrics-token-0123456789abcdef";
let alice: TestUser;

beforeAll(async () => {
  alice = await makeUser("metrics@example.com");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await resetRateLimits();
});
afterAll(() => tfjsModels.stop());

async function scrape(): Promise<string> {
  const res = await call("GET", "/metrics", { headers: LOOPBACK });
  expect(res.status, res.text).toBe(200);
  return res.text;
}

describe("GET /api/metrics: who may read it", () => {
  it("without METRICS_TOKEN: loopback clients (IPv4, IPv6, mapped) get 200", async () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const res = await call("GET", "/metrics", { headers: { "x-va-peer": peer } });
      expect(res.status, peer).toBe(200);
    }
  });

  it("without METRICS_TOKEN: 403 for other clients, whatever X-Forwarded-For claims", async () => {
    for (const headers of <Record<string, string>[]>[
      { "x-va-peer": "203.0.113.5" },
      { "x-va-peer": "203.0.113.5", "x-forwarded-for": "127.0.0.1" },
      {}, // no socket address known (not behind scripts/edge-guard.cjs)
    ]) {
      const res = await call("GET", "/metrics", { headers });
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/loopback clients only; set METRICS_TOKEN/);
    }
  });

  it("with TRUST_PROXY, a proxy on the same host does not open it: the forwarded client counts", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const res = await call("GET", "/metrics", { headers: { "x-va-peer": "127.0.0.1", "x-forwarded-for": "203.0.113.9" } });
    expect(res.status).toBe(403);
  });

  it("with METRICS_TOKEN: the bearer token from anywhere; 401 without it, loopback included", async () => {
    vi.stubEnv("METRICS_TOKEN", TOKEN);
    const remote = { "x-va-peer": "203.0.113.5" };
    expect((await call("GET", "/metrics", { headers: remote, auth: `Bearer ${TOKEN}` })).status).toBe(200);
    for (const auth of [undefined, TOKEN, "Bearer wrong-token-0123456789abcdef", `Bearer ${TOKEN}x`, alice.api_key]) {
      const res = await call("GET", "/metrics", { headers: LOOPBACK, auth });
      expect(res.status, String(auth)).toBe(401);
      expect(res.body.detail).toBe("Missing or invalid metrics token");
    }
  });
});

describe("GET /api/metrics: the format", () => {
  it("Prometheus text format: every line a comment or a sample, HELP and TYPE for each va_ metric", async () => {
    const res = await call("GET", "/metrics", { headers: LOOPBACK });
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const lines = res.text.split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      // Values as Prometheus parses them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
      expect(line).toMatch(/^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-][Ii][Nn][Ff])( \d+)?)$/);
    }
    for (const name of [
      "va_http_requests_total",
      "va_http_request_duration_seconds",
      "va_rate_limit_refusals_total",
      "va_module_duration_seconds",
      "va_model_process_restarts_total",
      "va_webhook_deliveries_total",
      "va_runs",
      "va_run_queue_depth",
      "va_run_queue_oldest_age_seconds",
      "va_stored_bytes",
    ]) {
      expect(res.text).toContain(`# HELP ${name} `);
      expect(res.text).toContain(`# TYPE ${name} `);
    }
    expect(sample(res.text, "va_metrics_database_up")).toBe(1);
  });
});

describe("GET /api/metrics: the numbers move", () => {
  it("requests by route pattern (not the raw path), method and status, with durations", async () => {
    const labels = { route: "/api/videos/{job_id}", method: "GET", status: "404" };
    const before = sample(await scrape(), "va_http_requests_total", labels) ?? 0;
    const jobId = crypto.randomUUID();
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(404);
    expect((await call("GET", `/videos/${GHOST}`, { auth: alice.api_key })).status).toBe(404);
    const text = await scrape();
    expect(sample(text, "va_http_requests_total", labels)).toBe(before + 2);
    expect(sample(text, "va_http_request_duration_seconds_count", labels)).toBe(before + 2);
    expect(sample(text, "va_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(before + 2);
    expect(text).not.toContain(jobId);
    // The scrapes themselves are requests of /api/metrics.
    expect(sample(text, "va_http_requests_total", { route: "/api/metrics", method: "GET", status: "200" })).toBeGreaterThan(0);
  });

  it("rate-limit refusals", async () => {
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "2");
    const before = sample(await scrape(), "va_rate_limit_refusals_total", { route: "/api/health" }) ?? 0;
    const from = { headers: { "x-va-peer": "198.51.100.77" } };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call("GET", "/health", from)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "100000");
    const text = await scrape();
    expect(sample(text, "va_rate_limit_refusals_total", { route: "/api/health" })).toBe(before + 2);
    expect(sample(text, "va_http_requests_total", { route: "/api/health", method: "GET", status: "429" })).toBeGreaterThanOrEqual(2);
  });

  it("runs by state, queue depth and the oldest queued run's age, stored bytes: from the database", async () => {
    const before = await scrape();
    const clip = makeClip("metrics-queue", { seconds: 2 });
    const jobId = await registerClip(alice, clip);
    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(video.file_size).toBeGreaterThan(0);
    // No runner runs in this test: a started run waits in the queue.
    const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    expect(start.status, start.text).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const text = await scrape();
    expect(sample(text, "va_runs", { state: "queued" })).toBe((sample(before, "va_runs", { state: "queued" }) ?? 0) + 1);
    expect(sample(text, "va_run_queue_depth")).toBe(sample(text, "va_runs", { state: "queued" }));
    expect(sample(text, "va_run_queue_oldest_age_seconds")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "va_stored_bytes")).toBe((sample(before, "va_stored_bytes") ?? 0) + video.file_size);
    for (const state of ["running", "completed", "failed", "cancelled"]) expect(sample(text, "va_runs", { state })).toEqual(expect.any(Number));
    // Out of the queue again (the next test's runner has its own run to do).
    expect((await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(200);
    expect(sample(await scrape(), "va_run_queue_depth")).toBe(sample(before, "va_run_queue_depth") ?? 0);
  });

  it("a run handed back by a stopping runner (or left by a dead one) counts as queued, not running", async () => {
    const before = await scrape();
    const jobId = await registerClip(alice, makeClip("metrics-handback", { seconds: 2 }));
    const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    expect(start.status, start.text).toBe(200);
    const db = await getDb();
    // What a runner does: claim it (running, leased), then, stopping, hand it back.
    const run = await claimRun(db, { owner: "metrics-test:1-1:aa", leaseMs: 60_000, engine: "embedded" });
    expect(run?.jobId).toBe(jobId);
    const held = await scrape();
    expect(sample(held, "va_runs", { state: "running" })).toBe((sample(before, "va_runs", { state: "running" }) ?? 0) + 1);
    expect(sample(held, "va_run_queue_depth")).toBe(sample(before, "va_run_queue_depth") ?? 0);
    await expireLeases(db, { runIds: [run!.id], refund: true });
    const text = await scrape();
    expect(sample(text, "va_runs", { state: "running" })).toBe(sample(before, "va_runs", { state: "running" }) ?? 0);
    expect(sample(text, "va_runs", { state: "queued" })).toBe((sample(before, "va_runs", { state: "queued" }) ?? 0) + 1);
    expect(sample(text, "va_run_queue_depth")).toBe((sample(before, "va_run_queue_depth") ?? 0) + 1);
    // It waits since it was handed back (seconds), not since the epoch.
    const age = sample(text, "va_run_queue_oldest_age_seconds")!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(3600);
    expect((await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(200);
  });

  it("a real run: module durations, the run completed, webhook deliveries delivered / retry / failed", async () => {
    const ok = await startReceiver([500, 200]);
    const broken = await startReceiver([500]);
    const db = await getDb();
    const runner = new EmbeddedRunner(db, { pollMs: 50 }).start();
    const dispatcher = new WebhookDispatcher(db, { pollMs: 50, retryDelaysMs: [100] }).start();
    try {
      const hookOk = await call("POST", "/webhooks", { auth: alice.api_key, body: { url: ok.url, events: ["video.completed"] } });
      const hookBroken = await call("POST", "/webhooks", { auth: alice.api_key, body: { url: broken.url, events: ["video.completed"] } });
      expect([hookOk.status, hookBroken.status]).toEqual([201, 201]);
      const before = await scrape();
      const count = (text: string, outcome: string) => sample(text, "va_webhook_deliveries_total", { outcome }) ?? 0;
      const shotsBefore = sample(before, "va_module_duration_seconds_count", { module: "shots" }) ?? 0;

      const jobId = await registerClip(alice, makeClip("metrics-run", { seconds: 3 }));
      const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
      expect(start.status, start.text).toBe(200);
      // A generous wait: the machines running the suite can be very busy.
      expect((await waitForStatus(alice.api_key, jobId, ["completed", "failed"], 240_000)).status).toBe("completed");
      // ok: 500 then 200 (one retry, one delivered); broken: 500 twice (one retry, then failed).
      await ok.waitFor(2);
      await broken.waitFor(2);
      let text = "";
      for (let i = 0; i < 100; i++) {
        text = await scrape();
        if (count(text, "delivered") - count(before, "delivered") >= 1 && count(text, "failed") - count(before, "failed") >= 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(count(text, "delivered") - count(before, "delivered")).toBeGreaterThanOrEqual(1);
      expect(count(text, "retry") - count(before, "retry")).toBeGreaterThanOrEqual(2);
      expect(count(text, "failed") - count(before, "failed")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "va_module_duration_seconds_count", { module: "shots" })).toBeGreaterThanOrEqual(shotsBefore + 1);
      expect(sample(text, "va_module_duration_seconds_sum", { module: "shots" })).toBeGreaterThan(0);
      expect(sample(text, "va_runs", { state: "completed" })).toBeGreaterThanOrEqual(1);
      // The whole run's duration, and buckets that never go down: deleting the video (its runs and
      // events go with it) leaves the histograms as they were.
      const runs = sample(text, "va_run_duration_seconds_count", { outcome: "completed" })!;
      expect(runs).toBeGreaterThanOrEqual(1);
      expect(sample(text, "va_run_duration_seconds_bucket", { outcome: "completed", le: "+Inf" })).toBe(runs);
      const shots = sample(text, "va_module_duration_seconds_count", { module: "shots" })!;
      expect((await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(200);
      const after = await scrape();
      expect(sample(after, "va_module_duration_seconds_count", { module: "shots" })).toBe(shots);
      expect(sample(after, "va_run_duration_seconds_count", { outcome: "completed" })).toBe(runs);
    } finally {
      await runner.stop();
      await dispatcher.stop();
      await ok.close();
      await broken.close();
    }
  }, 360_000);

  it("recorded durations are cumulative buckets: one past the last bound lands in +Inf only", async () => {
    const db = await getDb();
    const labels = { outcome: "failed" };
    const before = await scrape();
    const bucket = (text: string, le: string) => sample(text, "va_run_duration_seconds_bucket", { ...labels, le }) ?? 0;
    await recordDuration(db, "va_run_duration_seconds", "failed", 99_999);
    await recordDuration(db, "va_run_duration_seconds", "failed", 3);
    const text = await scrape();
    expect(bucket(text, "1") - bucket(before, "1")).toBe(0);
    expect(bucket(text, "5") - bucket(before, "5")).toBe(1);
    expect(bucket(text, "14400") - bucket(before, "14400")).toBe(1);
    expect(bucket(text, "+Inf") - bucket(before, "+Inf")).toBe(2);
    expect(sample(text, "va_run_duration_seconds_count", labels)! - (sample(before, "va_run_duration_seconds_count", labels) ?? 0)).toBe(2);
    expect(sample(text, "va_run_duration_seconds_sum", labels)! - (sample(before, "va_run_duration_seconds_sum", labels) ?? 0)).toBeCloseTo(100_002, 3);
  });

  it("a model process killed and started again counts one restart", async () => {
    const labels = { process: "tfjs-models" };
    await tfjsModels.ask("stats");
    const before = sample(await scrape(), "va_model_process_restarts_total", labels) ?? 0;
    const pid = tfjsModels.pid()!;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    for (let i = 0; i < 100 && tfjsModels.pid() === pid; i++) await new Promise((r) => setTimeout(r, 50));
    expect(tfjsModels.pid()).toBeUndefined();
    await tfjsModels.ask("stats");
    expect(tfjsModels.pid()).not.toBe(pid);
    expect(sample(await scrape(), "va_model_process_restarts_total", labels)).toBe(before + 1);
    // Stopping it on purpose is not a restart.
    await tfjsModels.stop();
    await tfjsModels.ask("stats");
    expect(sample(await scrape(), "va_model_process_restarts_total", labels)).toBe(before + 1);
  });
});
