// The pipeline driven by the Inngest function, in-process with @inngest/test. The event comes
// from our real `inngest.send`, received by a local stand-in for Inngest's event API. A long
// video's chunks fan out as invocations of process-video-chunk; the test engine runs one function,
// so each invoke step is answered by running that function for real with its own test engine.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { InngestTestEngine } from "@inngest/test";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { listChunks } from "@/db/queries/run-chunks";
import { processingRuns, runEvents, usageRecords } from "@/db/schema";
import { probeMedia } from "@/lib/media/probe";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { chunkBorderClip } from "../helpers/chunk-clip";
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
  delete process.env.CHUNK_SECONDS;
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

  it("a long video fans out: one process-video-chunk invocation per chunk, then the merge and one completed run", async () => {
    process.env.CHUNK_SECONDS = "10";
    const file = chunkBorderClip("inngest-chunks", { seconds: 30, cuts: [10, 20], speech: [] });
    const jobId = await registerClip(alice, file, "long.mp4");
    const res = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    expect(res.status, res.text).toBe(200);
    const sent = received.map((r) => (Array.isArray(r.body) ? r.body : [r.body])[0]).find((e: any) => e.data.jobId === jobId);
    const db = await getDb();
    const [run] = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId));

    // Inngest would run each invocation on whichever app serves /api/inngest; here each invoke step
    // is answered by process-video-chunk itself, run by its own test engine with what the run sent.
    const media = await probeMedia(file);
    const { processVideo } = await import("@/inngest/functions/process-video");
    const { processVideoChunk } = await import("@/inngest/functions/process-video-chunk");
    // (Imported here: the Inngest client reads INNGEST_DEV and INNGEST_BASE_URL when first loaded.)
    const { CHUNK_EVENT } = await import("@/lib/pipeline/inngest-client");
    const ran: number[] = [];
    const invokeSteps = [0, 1, 2, 3].map((idx) => ({
      id: `chunk-${idx}`,
      handler: async () => {
        ran.push(idx);
        const chunk = new InngestTestEngine({ function: processVideoChunk });
        const out = await chunk.execute({ events: [{ name: CHUNK_EVENT, data: { runId: run!.id, idx, media } }] });
        if (out.error) throw out.error;
        return out.result;
      },
    }));
    const t = new InngestTestEngine({ function: processVideo });
    const { result, error, ctx } = await t.execute({ events: [{ name: sent.name, data: sent.data }], steps: invokeSteps });
    expect(error).toBeUndefined();
    expect(result).toEqual({ runId: run!.id, cancelled: false });

    // The run invoked the chunk function once per planned chunk, with its run, index and probe.
    const chunks = await listChunks(db, run!.id);
    expect(chunks.map((c) => [c.idx, c.startTime, c.endTime, c.status])).toEqual([
      [0, 0, 10, "completed"],
      [1, 10, 20, "completed"],
      [2, 20, 30, "completed"],
    ]);
    const invokes = (ctx.step.invoke as any).mock.calls.map(([id, opts]: [string, any]) => [id, opts.data.runId, opts.data.idx, opts.data.media.duration]);
    expect([...new Map(invokes.map((i: any[]) => [i[0], i])).values()]).toEqual(
      [0, 1, 2].map((idx) => [`chunk-${idx}`, run!.id, idx, media.duration]),
    );
    expect([...new Set(ran)].sort()).toEqual([0, 1, 2]);
    expect(chunks.every((c) => c.attempts === 1)).toBe(true);

    // Merged as if whole: the cuts on both borders found once, nothing provisional left, usage once.
    const status = await call("GET", `/processing/${jobId}/status`, { auth: alice.api_key });
    expect(status.body.status).toBe("completed");
    const segments = (await call("GET", `/videos/${jobId}/segments`, { auth: alice.api_key })).body as any[];
    const shots = segments.filter((s) => s.module === "shots").map((s) => [s.start_time, s.end_time]);
    expect(shots.filter(([start]) => Math.abs(start - 10) < 0.05)).toHaveLength(1);
    expect(shots.filter(([start]) => Math.abs(start - 20) < 0.05)).toHaveLength(1);
    expect(segments.filter((s) => JSON.parse(s.metadata).provisional)).toEqual([]);
    const completedEvents = await db.select().from(runEvents).where(and(eq(runEvents.jobId, jobId), eq(runEvents.type, "chunk_completed")));
    expect(completedEvents.map((e) => (e.data as any).chunk).sort()).toEqual([0, 1, 2]);
    expect(await db.select().from(usageRecords).where(eq(usageRecords.jobId, jobId))).toHaveLength(1);
    expect(await getStorage().list(`results/${alice.user_id}/${jobId}/chunks/`)).toEqual([]);
  }, 300_000);

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
