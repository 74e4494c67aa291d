// Registration and every transition of the contract's state table, driven by the embedded runner.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications, profiles, processingRuns, runSteps, usageRecords } from "@/db/schema";
import { getStorage } from "@/lib/storage";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip, makeNotAVideo } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, storeFile, waitForStatus } from "../helpers/videos";

useApiTestEnv("videos");

let alice: TestUser;
let bob: TestUser;
let runner: EmbeddedRunner | null = null;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
  clip = makeClip("lifecycle", { seconds: 4 });
});
afterAll(async () => {
  await runner?.stop();
});

async function startRunner() {
  if (!runner) runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 5_000 }).start();
  return runner;
}

describe("POST /api/processing/register-upload", () => {
  it("registers a stored video as uploaded with its probed duration and size", async () => {
    const key = await storeFile(alice.user_id, clip, "first.mp4");
    const res = await call("POST", "/processing/register-upload", { auth: alice.api_key, body: { file_path: key } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, alreadyExists: false });
    const video = await call("GET", `/videos/${res.body.job_id}`, { auth: alice.api_key });
    expect(video.body).toMatchObject({ status: "uploaded", name: "first.mp4", storage_path: key, user_id: alice.user_id });
    expect(video.body.duration).toBeCloseTo(4, 0);
    expect(video.body.file_size).toBe(fs.statSync(clip).size);

    const again = await call("POST", "/processing/register-upload", { auth: alice.api_key, body: { file_path: key } });
    expect(again.body).toEqual({ success: true, job_id: res.body.job_id, alreadyExists: true });
    const byJob = await call("POST", "/processing/register-upload", {
      auth: alice.api_key,
      body: { file_path: `users/${alice.user_id}/other.mp4`, job_id: res.body.job_id },
    });
    expect(byJob.body).toEqual({ success: true, job_id: res.body.job_id, alreadyExists: true });
  });

  it("uses the given job_id and file_name", async () => {
    const key = await storeFile(alice.user_id, clip, "named.mp4");
    const jobId = "8a3f1f2e-1111-4a2b-9c3d-0123456789ab";
    const res = await call("POST", "/processing/register-upload", {
      auth: alice.api_key,
      body: { file_path: key, job_id: jobId, file_name: "My clip" },
    });
    expect(res.body).toEqual({ success: true, job_id: jobId, alreadyExists: false });
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.name).toBe("My clip");
  });

  it("400 File not found in storage, 400 File is not a readable video, 403 another user's path, 413 declared too large", async () => {
    const missing = await call("POST", "/processing/register-upload", {
      auth: alice.api_key,
      body: { file_path: `users/${alice.user_id}/nope.mp4` },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("File not found in storage");

    const textKey = await storeFile(alice.user_id, makeNotAVideo(), "text.mp4");
    const bad = await call("POST", "/processing/register-upload", { auth: alice.api_key, body: { file_path: textKey } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("File is not a readable video");

    const bobKey = await storeFile(bob.user_id, clip, "bobs.mp4");
    const foreign = await call("POST", "/processing/register-upload", { auth: alice.api_key, body: { file_path: bobKey } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toBe("Storage path does not belong to this user");

    const big = await call("POST", "/processing/register-upload", {
      auth: alice.api_key,
      body: { file_path: `users/${alice.user_id}/first.mp4`, file_size: 4 * 1024 ** 3 + 1 },
    });
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe("File too large (maximum 4 GB)");
  });
});

describe("the state table", () => {
  it("uploaded → queued → processing → completed, with usage, notification and events", async () => {
    const jobId = await registerClip(alice, clip);
    const start = await call("POST", `/processing/${jobId}/start`, {
      auth: alice.api_key,
      body: { selected_insights: JSON.stringify(["shots"]) },
    });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ job_id: jobId, status: "queued", error: null });

    const again = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("Video must be uploaded or failed to start processing (current: queued)");
    const busy = await call("POST", `/videos/${jobId}/process`, { auth: alice.api_key, body: { modules: ["shots"] } });
    expect(busy.status).toBe(409);
    expect(busy.body.detail).toBe("Video is already being processed");

    await startRunner();
    const done = await waitForStatus(alice.api_key, jobId);
    expect(done.status).toBe("completed");
    expect(done.processing_time).toBeGreaterThan(0);
    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(JSON.parse(video.selected_insights)).toEqual(["shots"]);

    const db = await getDb();
    const usage = await db.select().from(usageRecords).where(eq(usageRecords.jobId, jobId));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ action: "process", userId: alice.user_id });
    expect(usage[0]!.durationMinutes).toBeCloseTo(4 / 60, 2);
    const notes = await db.select().from(notifications).where(eq(notifications.userId, alice.user_id));
    expect(notes.some((n) => n.type === "success" && n.message.includes(video.name))).toBe(true);

    // completed → queued again through process and reprocess (usage action reprocess afterwards)
    const re = await call("POST", `/videos/${jobId}/reprocess`, { auth: alice.api_key, body: {} });
    expect(re.status).toBe(200);
    expect(re.body).toMatchObject({ job_id: jobId, status: "queued" });
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
    const usage2 = await db.select().from(usageRecords).where(eq(usageRecords.jobId, jobId));
    expect(usage2.map((u) => u.action).sort()).toEqual(["process", "reprocess"]);

    const startCompleted = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} });
    expect(startCompleted.status).toBe(409);
    expect(startCompleted.body.detail).toBe("Video must be uploaded or failed to start processing (current: completed)");

    const cleared = await call("DELETE", `/videos/${jobId}/segments`, { auth: alice.api_key });
    expect(cleared.status).toBe(200);
    expect(cleared.body.ok).toBe(true);
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.status).toBe("uploaded");
    expect((await call("GET", `/videos/${jobId}/segments`, { auth: alice.api_key })).body).toEqual([]);
  });

  it("processing → failed sets error; failed → queued through start", async () => {
    const jobId = await registerClip(alice, clip);
    // The stored file disappears after registration: the run fails with a readable error.
    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    const keep = await getStorage().getBytes(video.storage_path);
    await getStorage().delete(video.storage_path);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} });
    await startRunner();
    const failed = await waitForStatus(alice.api_key, jobId);
    expect(failed.status).toBe("failed");
    expect(typeof failed.error).toBe("string");
    expect(failed.error.length).toBeGreaterThan(0);
    const db = await getDb();
    const notes = await db.select().from(notifications).where(eq(notifications.userId, alice.user_id));
    expect(notes.some((n) => n.type === "error")).toBe(true);

    await getStorage().putBytes(video.storage_path, keep, "video/mp4");
    const restart = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} });
    expect(restart.status).toBe(200);
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
  });

  it("register-and-process queues in one call; 400 for unknown modules", async () => {
    const key = await storeFile(alice.user_id, clip, "rap.mp4");
    const bad = await call("POST", "/videos/register-and-process", {
      auth: alice.api_key,
      body: { storage_path: key, modules: ["shots", "telepathy"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^modules\.1: must be one of /);
    const res = await call("POST", "/videos/register-and-process", {
      auth: alice.api_key,
      body: { storage_path: key, modules: ["shots"], file_name: "rap" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "queued" });
    await startRunner();
    expect((await waitForStatus(alice.api_key, res.body.job_id)).status).toBe("completed");
  });

  it("409 with the existing job_id when register-and-process names a file that already is a video; that video and its results stay as they were", async () => {
    const key = await storeFile(alice.user_id, clip, "twice.mp4");
    const body = { storage_path: key, modules: ["shots"] };
    const first = await call("POST", "/videos/register-and-process", { auth: alice.api_key, body, headers: { "Idempotency-Key": "twice-1" } });
    expect(first.status, first.text).toBe(200);
    const jobId = first.body.job_id;
    await startRunner();
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
    const before = (await call("GET", `/results/job/${jobId}`, { auth: alice.api_key })).body;
    expect(before.segments.length).toBeGreaterThan(0);

    const again = await call("POST", "/videos/register-and-process", { auth: alice.api_key, body: { storage_path: key, modules: ["transcription"] } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: `This file is already registered as video ${jobId}; its results are kept. Process or reprocess that video to run it again`,
      job_id: jobId,
    });
    // The same Idempotency-Key with the same request still replays the first answer.
    const replay = await call("POST", "/videos/register-and-process", { auth: alice.api_key, body, headers: { "Idempotency-Key": "twice-1" } });
    expect([replay.status, replay.headers.get("idempotent-replayed"), replay.body.job_id]).toEqual([200, "true", jobId]);

    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect([video.status, JSON.parse(video.selected_insights)]).toEqual(["completed", ["shots"]]);
    expect((await call("GET", `/results/job/${jobId}`, { auth: alice.api_key })).body).toEqual(before);
    const db = await getDb();
    expect(await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId))).toHaveLength(1);
    // The API document declares this answer, job_id included (optional there: the same status also
    // answers an Idempotency-Key request still in flight, which names no video).
    const doc = (await call("GET", "/openapi.json")).body;
    const declared = doc.paths["/videos/register-and-process"].post.responses["409"].content["application/json"].schema;
    expect(declared.required).toEqual(["detail"]);
    expect(declared.properties.job_id.type).toBe("string");
  });

  it("two concurrent starts of one video make exactly one run", async () => {
    await runner?.stop();
    runner = null;
    const jobId = await registerClip(alice, clip);
    const [a, b] = await Promise.all([
      call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} }),
      call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: {} }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const db = await getDb();
    expect(await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId))).toHaveLength(1);
  });

  it("402 Processing allowance exhausted, and nothing is queued", async () => {
    const carol = await makeUser("carol@example.com");
    const db = await getDb();
    await db.update(profiles).set({ bonusMinutes: -3000 + 4 / 60 + 0.01 }).where(eq(profiles.userId, carol.user_id));
    const first = await registerClip(carol, clip);
    const second = await registerClip(carol, clip);
    expect((await call("POST", `/processing/${first}/start`, { auth: carol.api_key, body: {} })).status).toBe(200);
    // The first video's minutes are reserved while it waits: the second would overspend.
    const refused = await call("POST", `/processing/${second}/start`, { auth: carol.api_key, body: {} });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe("Processing allowance exhausted");
    expect((await call("GET", `/videos/${second}`, { auth: carol.api_key })).body.status).toBe("uploaded");
    expect(await db.select().from(processingRuns).where(eq(processingRuns.jobId, second))).toHaveLength(0);
  });

  it("a runner that dies mid-job: the lease expires and another runner resumes from the recorded steps", async () => {
    await runner?.stop();
    runner = null;
    const jobId = await registerClip(alice, clip);
    await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: '["shots"]' } });
    const db = await getDb();
    const first = new EmbeddedRunner(db, { pollMs: 20, leaseMs: 1_500 });
    first.start();
    // Stop it as soon as at least one step is recorded: its run stays `running` with a lease.
    const deadline = Date.now() + 30_000;
    let run;
    for (;;) {
      [run] = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId));
      const steps = run ? await db.select().from(runSteps).where(eq(runSteps.runId, run.id)) : [];
      if (steps.length > 0 || run?.status === "completed") break;
      if (Date.now() > deadline) throw new Error("runner never recorded a step");
      await new Promise((r) => setTimeout(r, 10));
    }
    await first.stop();
    const stepsBefore = await db.select().from(runSteps).where(eq(runSteps.runId, run!.id));
    expect(stepsBefore.length).toBeGreaterThan(0);
    if (run!.status !== "completed") {
      const second = new EmbeddedRunner(db, { pollMs: 50, leaseMs: 1_500 });
      second.start();
      expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
      await second.stop();
      const [after] = await db.select().from(processingRuns).where(eq(processingRuns.id, run!.id));
      expect(after!.attempts).toBe(2);
      // The steps recorded before the crash were not run again.
      const stepsAfter = await db.select().from(runSteps).where(eq(runSteps.runId, run!.id));
      for (const s of stepsBefore) {
        expect(stepsAfter.find((x) => x.name === s.name)?.finishedAt.getTime()).toBe(s.finishedAt.getTime());
      }
    }
  });
});

describe("videos endpoints", () => {
  it("list with status filter, patch, delete keeps the file", async () => {
    const jobId = await registerClip(alice, clip);
    const list = await call("GET", "/videos?status=uploaded", { auth: alice.api_key });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((v: any) => v.status === "uploaded")).toBe(true);
    expect((await call("GET", "/videos?status=nope", { auth: alice.api_key })).status).toBe(400);

    const patched = await call("PATCH", `/videos/${jobId}`, { auth: alice.api_key, body: { name: "Renamed", description: "d" } });
    expect(patched.body).toMatchObject({ name: "Renamed", description: "d" });
    const missingProject = await call("PATCH", `/videos/${jobId}`, {
      auth: alice.api_key,
      body: { project_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missingProject.status).toBe(404);
    expect(missingProject.body.detail).toBe("Project not found");
    expect((await call("PATCH", `/videos/${jobId}`, { auth: alice.api_key, body: { project_id: null } })).body.project_id).toBeNull();

    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect((await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key })).body).toEqual({ ok: true });
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(404);
    expect(await getStorage().stat(video.storage_path)).not.toBeNull();
  });

  it("another user's video is a 404 everywhere", async () => {
    const jobId = await registerClip(alice, clip);
    for (const [method, p, body] of [
      ["GET", `/videos/${jobId}`],
      ["PATCH", `/videos/${jobId}`, { name: "x" }],
      ["DELETE", `/videos/${jobId}`],
      ["POST", `/processing/${jobId}/start`, {}],
      ["GET", `/processing/${jobId}/status`],
      ["POST", `/videos/${jobId}/process`, { modules: ["shots"] }],
      ["POST", `/videos/${jobId}/reprocess`, {}],
      ["GET", `/videos/${jobId}/segments`],
      ["DELETE", `/videos/${jobId}/segments`],
      ["GET", `/results/job/${jobId}`],
    ] as const) {
      const res = await call(method, p, { auth: bob.api_key, body });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.name).not.toBe("x");
  });
});
