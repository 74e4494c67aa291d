// Damaged and truncated uploads (issue 30, item 5): the readable part is analysed and the run says
// where the file ends; a file of which nothing can be read fails in words. No text a person reads
// names a system error, a working file or a path.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { notifications, runEvents } from "@/db/schema";
import fs from "node:fs";
import path from "node:path";
import { UNREADABLE_VIDEO, UserFacingError } from "@/lib/core/public-error";
import { probeMedia } from "@/lib/media/probe";
import { SharedMedia } from "@/lib/analysis/shared-media";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeTruncatedMp4 } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, storeFile, waitForStatus } from "../helpers/videos";

useApiTestEnv("damaged");

/** What a person must never read: system error codes, writers' temporary names, paths. */
const INTERNALS = /\bE[A-Z]{3,}\b|\.part\b|no such file|\/(?:tmp|root|srv|work|var|home)\//;

let alice: TestUser;
let runner: EmbeddedRunner;

beforeAll(async () => {
  alice = await makeUser("damaged@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 5_000 }).start();
});
afterAll(async () => {
  await runner?.stop();
});

/** The run's done event: a failed run's status is committed first and its done event right after (finalize-run.ts), so it is waited for. */
async function doneEvent(jobId: string) {
  const db = await getDb();
  const rows = await vi.waitFor(
    async () => {
      const found = await db.select().from(runEvents).where(and(eq(runEvents.jobId, jobId), eq(runEvents.type, "done")));
      expect(found.length).toBe(1);
      return found;
    },
    { timeout: 10_000, interval: 100 },
  );
  return rows[0]!.data as { status: string; error?: string; notes?: string[] };
}

async function notificationAbout(name: string) {
  const db = await getDb();
  const rows = await db.select().from(notifications).where(eq(notifications.userId, alice.user_id));
  const mine = rows.filter((n) => n.message.includes(name));
  expect(mine.length).toBe(1);
  return mine[0]!;
}

async function startAndWait(jobId: string, modules: string[]) {
  const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: JSON.stringify(modules) } });
  expect(start.status, start.text).toBe(200);
  return waitForStatus(alice.api_key, jobId, ["completed", "failed"], 120_000);
}

describe("a truncated upload (the first 60 KB of an 11 s MP4 whose index comes first)", () => {
  it("completes with results for the readable part, a note saying where the file ends, and the duration really analysed", async () => {
    const file = makeTruncatedMp4("head-60k", { bytes: 60_000, faststart: true });
    const jobId = await registerClip(alice, file, "truncated.mp4");
    // Registration reads the header: the declared 11 s.
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.duration).toBeCloseTo(11, 0);

    const done = await startAndWait(jobId, ["shots", "scenes", "visualelements"]);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(done.error).toBeNull();

    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(video.duration).toBeGreaterThan(0.5);
    expect(video.duration).toBeLessThan(2);

    const results = (await call("GET", `/results/job/${jobId}`, { auth: alice.api_key })).body;
    expect(results.duration).toBe(video.duration);
    expect(results.shots.length).toBeGreaterThan(0);
    expect(results.visualelements.length).toBeGreaterThan(0);
    for (const s of results.segments as { end_time: number }[]) expect(s.end_time).toBeLessThanOrEqual(video.duration + 0.05);

    const event = await doneEvent(jobId);
    expect(event.status).toBe("completed");
    expect(event.notes).toHaveLength(1);
    expect(event.notes![0]).toMatch(/^The file ends at 0:01\.\d of a declared 0:11: /);
    const note = await notificationAbout("truncated.mp4");
    expect(note.message).toContain("The file ends at 0:01.");
    for (const text of [...event.notes!, note.message]) expect(text).not.toMatch(INTERNALS);
  });
});

describe("an unreadable upload", () => {
  it("a file whose index survives but none of its pictures fails with a message a person can act on", async () => {
    const file = makeTruncatedMp4("head-7k", { bytes: 7_000, faststart: true });
    const jobId = await registerClip(alice, file, "header-only.mp4");
    const done = await startAndWait(jobId, ["shots"]);
    expect(done.status).toBe("failed");
    expect(done.error).toBe(UNREADABLE_VIDEO);
    expect((await doneEvent(jobId)).error).toBe(UNREADABLE_VIDEO);
  });

  it("an MP4 cut before its index (moov at the end) is refused at registration, and fails a run in words when given as a new file", async () => {
    const cut = makeTruncatedMp4("head-60k-moov-last", { bytes: 60_000, faststart: false });
    const key = await storeFile(alice.user_id, cut, "moov-last.mp4");
    const reg = await call("POST", "/processing/register-upload", { auth: alice.api_key, body: { file_path: key } });
    expect(reg.status).toBe(400);
    expect(reg.body.detail).toBe("File is not a readable video");

    // A readable video, processed again with the cut file in its place.
    const whole = makeTruncatedMp4("whole", { bytes: 10_000_000, faststart: false });
    const jobId = await registerClip(alice, whole, "whole.mp4");
    const res = await call("POST", `/videos/${jobId}/process`, { auth: alice.api_key, body: { modules: ["shots"], storage_path: key } });
    expect(res.status, res.text).toBe(200);
    const done = await waitForStatus(alice.api_key, jobId, ["completed", "failed"], 120_000);
    expect(done.status).toBe("failed");
    expect(done.error).toBe(UNREADABLE_VIDEO);
    expect(done.error).not.toMatch(INTERNALS);
  });
});

describe("a keyframe asked for past the end of a truncated file's data", () => {
  // The cause of "ENOENT … rename 'kf-1.122-640.jpg.…part.jpg'": ffmpeg exits 0 without writing a
  // frame when it finds none at the time asked, and the rename found no file.
  it("is the decode pass's nearest earlier still, or a plain-words error when there is none, never a missing working file", async () => {
    const file = makeTruncatedMp4("head-60k-keyframe", { bytes: 60_000, faststart: true });
    const media = await probeMedia(file);
    expect(media.duration).toBeCloseTo(11, 0);
    const key = await storeFile(alice.user_id, file, "keyframe-past-end.mp4");
    const workDir = (name: string) => path.join(process.env.DATA_DIR!, "work", name);

    const cold = new SharedMedia("kf-cold", key, media, workDir("kf-cold"));
    const err = await cold.keyframe(5).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(UserFacingError);
    expect((err as Error).message).toBe("No picture could be read at 0:05: the file may be damaged there");

    const decoded = new SharedMedia("kf-decoded", key, media, workDir("kf-decoded"));
    const { stills } = await decoded.frames();
    expect(stills.length).toBeGreaterThan(0);
    const still = await decoded.keyframe(5);
    expect(fs.existsSync(still)).toBe(true);
    expect(still).toBe(stills.at(-1)!.file);
  });
});
