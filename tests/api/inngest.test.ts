// The pipeline driven by the Inngest function, in-process with @inngest/test. The event comes
// from our real `inngest.send`, received by a local stand-in for Inngest's event API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { processingRuns } from "@/db/schema";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

useApiTestEnv("inngest");

const received: { path: string; body: any }[] = [];
let refuse = false;
let eventApi: http.Server;
let alice: TestUser;

beforeAll(async () => {
  // Inngest's event API: POST /e/<event key> with a JSON array of events → {ids, status}.
  eventApi = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (refuse) {
        res.writeHead(500, { "Content-Type": "application/json" });
        return void res.end(JSON.stringify({ error: "unavailable", status: 500 }));
      }
      const body = JSON.parse(raw);
      received.push({ path: req.url ?? "", body });
      const events = Array.isArray(body) ? body : [body];
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ ids: events.map((_: unknown, i: number) => `evt-${received.length}-${i}`), status: 200 }));
    });
  });
  await new Promise<void>((r) => eventApi.listen(0, "127.0.0.1", r));
  process.env.INNGEST_DEV = "1";
  process.env.INNGEST_BASE_URL = `http://127.0.0.1:${(eventApi.address() as AddressInfo).port}`;
  alice = await makeUser("alice@example.com");
});
afterAll(async () => {
  delete process.env.INNGEST_DEV;
  delete process.env.INNGEST_BASE_URL;
  await new Promise((r) => eventApi.close(r));
});

describe("the Inngest engine", () => {
  it("start sends video/process.requested, and the function runs every step to completed", async () => {
    const jobId = await registerClip(alice, makeClip("inngest", { seconds: 4 }));
    const res = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    const sent = (Array.isArray(received[0]!.body) ? received[0]!.body : [received[0]!.body])[0];
    expect(sent.name).toBe("video/process.requested");
    expect(sent.data.jobId).toBe(jobId);

    const db = await getDb();
    const [run] = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId));
    expect(run).toMatchObject({ engine: "inngest", status: "queued" });

    const { processVideo } = await import("@/inngest/functions/process-video");
    const t = new InngestTestEngine({ function: processVideo });
    const { result, error } = await t.execute({ events: [{ name: sent.name, data: sent.data }] });
    expect(error).toBeUndefined();
    expect(result).toEqual({ runId: run!.id, cancelled: false });

    const status = await call("GET", `/processing/${jobId}/status`, { auth: alice.api_key });
    expect(status.body.status).toBe("completed");
    const [after] = await db.select().from(processingRuns).where(eq(processingRuns.id, run!.id));
    expect(after!.status).toBe("completed");
  });

  it("an Inngest that refuses the event fails the run instead of leaving it queued", async () => {
    const jobId = await registerClip(alice, makeClip("inngest", { seconds: 4 }), "second.mp4");
    refuse = true;
    try {
      const res = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} });
      expect(res.status).toBe(503);
      expect(typeof res.body.detail).toBe("string");
    } finally {
      refuse = false;
    }
    const status = await call("GET", `/processing/${jobId}/status`, { auth: alice.api_key });
    expect(status.body.status).toBe("failed");
    expect(status.body.error).toMatch(/Inngest/);
  });
});
