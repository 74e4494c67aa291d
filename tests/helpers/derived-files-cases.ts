// The derived files of a video (thumbnail, HLS, storyboard under results/<user_id>/<job_id>/) live
// as long as the video: the same cases for each storage driver (tests/api/derived-files*.test.ts).
// Real runs of the embedded runner on generated clips, real storage.
import fs from "node:fs";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { cancelActiveRuns } from "@/db/queries/runs";
import { reserveUploadKey } from "@/db/queries/upload-reservations";
import { deleteVideo } from "@/db/queries/videos";
import { uploadReservations } from "@/db/schema";
import { removeDerivedFiles, resultsPrefix } from "@/lib/storage/derived-files";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { workDirFor } from "@/lib/analysis/shared-media";
import { getStorage } from "@/lib/storage";
import { startMultipartSweeper, sweepStorage } from "@/lib/storage/multipart-sweeper";
import { call } from "./api";
import { makeClip } from "./media";
import { makeUser, type TestUser } from "./users";
import { registerClip, waitForStatus } from "./videos";

const until = async (what: string, fn: () => Promise<boolean> | boolean, timeoutMs = 60_000, everyMs = 20) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

/** Runs of a real pipeline on a busy machine (2 cores shared): a reprocess is two of them. */
const RUN_TIMEOUT_MS = 300_000;

/** Starts a run of `jobId` and waits for it to complete (processToCompletion, with room for a busy machine). */
async function processFully(user: TestUser, jobId: string): Promise<void> {
  const start = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: JSON.stringify(["shots"]) } });
  expect(start.status, start.text).toBe(200);
  const done = await waitForStatus(user.api_key, jobId, ["completed", "failed"], RUN_TIMEOUT_MS / 2);
  expect(done.status, JSON.stringify(done)).toBe("completed");
}

const keysOf = async (prefix: string) => (await getStorage().list(prefix)).map((o) => o.key);

export function derivedFilesCases(): void {
  let alice: TestUser;
  let runner: EmbeddedRunner;
  let clip: string;

  beforeAll(async () => {
    alice = await makeUser("alice@example.com");
    // Long enough for six HLS segments, so writes are still going on when the delete comes.
    clip = makeClip("derived-files", { seconds: 24, size: "640x360" });
    // A long lease: a delete made by another process is heard of only at a renewal (every 15 s).
    runner = new EmbeddedRunner(await getDb(), { pollMs: 50, concurrency: 1, leaseMs: 60_000 }).start();
  });
  afterAll(async () => {
    await runner?.shutdown();
  });

  /** The run of `jobId` has ended here and its wind-down (abandoned steps, work files) is over. */
  const windDownOver = (jobId: string) => until("the run's wind-down", () => runner.busy === 0 && !fs.existsSync(workDirFor(jobId)), 30_000);

  describe("DELETE /api/videos/{job_id}", () => {
    it("during its run: no derived file stays, including those stored by steps winding down after the delete", async () => {
      const jobId = await registerClip(alice, clip);
      const prefix = resultsPrefix(alice.user_id, jobId);
      const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: JSON.stringify(["shots"]) } });
      expect(start.status, start.text).toBe(200);
      // The delete lands while the renditions are being stored: the HLS playlist is stored first,
      // its segments after it (the step does not stop for a cancel once ffmpeg is done).
      await until("the HLS playlist in storage", async () => (await getStorage().stat(`${prefix}hls/index.m3u8`)) !== null, 60_000, 2);
      const del = await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key });
      expect(del.status, del.text).toBe(200);
      await windDownOver(jobId);
      expect(await keysOf(prefix)).toEqual([]);
    }, RUN_TIMEOUT_MS);

    it("by another process during the run here: what the run stores after the delete is removed once it winds down", async () => {
      const jobId = await registerClip(alice, clip);
      const prefix = resultsPrefix(alice.user_id, jobId);
      const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: JSON.stringify(["shots"]) } });
      expect(start.status, start.text).toBe(200);
      // HLS packaging under way (ffmpeg writes into a folder of the work directory): its files reach
      // storage after the delete below.
      const packaging = () => fs.existsSync(workDirFor(jobId)) && fs.readdirSync(workDirFor(jobId)).some((f) => f.startsWith("hls-"));
      await until("HLS packaging to start", packaging, 60_000, 5);
      expect(await keysOf(prefix)).not.toContain(`${prefix}hls/index.m3u8`);
      // What DELETE does in the other process: the runs and the row go, then the files there are
      // now. This process is not told (no notifyRunCancelled): its run goes on storing renditions.
      const db = await getDb();
      await cancelActiveRuns(db, jobId);
      expect(await deleteVideo(db, { userId: alice.user_id, jobId })).toBe(true);
      await removeDerivedFiles({ userId: alice.user_id, jobId });
      await windDownOver(jobId);
      expect(await keysOf(prefix)).toEqual([]);
    }, RUN_TIMEOUT_MS);

    it("after its run: thumbnail, HLS and storyboard go; the source file stays", async () => {
      const jobId = await registerClip(alice, clip);
      await processFully(alice, jobId);
      const prefix = resultsPrefix(alice.user_id, jobId);
      const before = await keysOf(prefix);
      expect(before).toEqual(expect.arrayContaining([`${prefix}thumbnail.jpg`, `${prefix}hls/index.m3u8`, `${prefix}storyboard.jpg`, `${prefix}storyboard.vtt`]));
      const video = await call("GET", `/videos/${jobId}`, { auth: alice.api_key });
      expect((await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(200);
      expect(await keysOf(prefix)).toEqual([]);
      expect(await getStorage().stat(video.body.storage_path)).not.toBeNull();
    }, RUN_TIMEOUT_MS);
  });

  describe("DELETE /api/storage/files", () => {
    it("deleting a video's source file removes the video's derived files too", async () => {
      const jobId = await registerClip(alice, clip);
      await processFully(alice, jobId);
      const prefix = resultsPrefix(alice.user_id, jobId);
      expect((await keysOf(prefix)).length).toBeGreaterThan(3);
      const video = await call("GET", `/videos/${jobId}`, { auth: alice.api_key });
      const del = await call("DELETE", `/storage/files?key=${encodeURIComponent(video.body.storage_path)}`, { auth: alice.api_key });
      expect(del.status, del.text).toBe(200);
      expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(404);
      expect(await keysOf(prefix)).toEqual([]);
    }, RUN_TIMEOUT_MS);
  });

  describe("POST /api/videos/{job_id}/reprocess", () => {
    it("replaces the earlier run's derived files: one set stays, nothing the new run did not write", async () => {
      const jobId = await registerClip(alice, clip);
      await processFully(alice, jobId);
      const prefix = resultsPrefix(alice.user_id, jobId);
      const first = await keysOf(prefix);
      expect(first.length).toBeGreaterThan(3);
      // What an earlier run left that the next one does not write (a storyboard it could not
      // make again, files of an older layout).
      const stale = [`${prefix}thumbnail-0.jpg`, `${prefix}renditions/seg00000.ts`];
      for (const key of stale) await getStorage().putBytes(key, "old", "application/octet-stream");
      const re = await call("POST", `/videos/${jobId}/reprocess`, { auth: alice.api_key, body: { modules: ["shots"] } });
      expect(re.status, re.text).toBe(200);
      const done = await waitForStatus(alice.api_key, jobId, ["completed", "failed"], RUN_TIMEOUT_MS / 2);
      expect(done.status, JSON.stringify(done)).toBe("completed");
      expect(await keysOf(prefix)).toEqual(first);
    }, RUN_TIMEOUT_MS);
  });

  describe("storage sweeper", () => {
    it("removes the derived files of videos that no longer exist and keeps those of existing ones", async () => {
      const jobId = await registerClip(alice, clip);
      await processFully(alice, jobId);
      const kept = await keysOf(resultsPrefix(alice.user_id, jobId));
      expect(kept.length).toBeGreaterThan(3);
      const gone = crypto.randomUUID();
      const orphan = [`${resultsPrefix(alice.user_id, gone)}thumbnail.jpg`, `${resultsPrefix(alice.user_id, gone)}hls/seg00000.ts`];
      for (const key of orphan) await getStorage().putBytes(key, "left behind", "application/octet-stream");
      const swept = await sweepStorage(await getDb());
      expect(swept.orphanedVideos).toBe(1);
      expect(await keysOf(resultsPrefix(alice.user_id, gone))).toEqual([]);
      expect(await keysOf(resultsPrefix(alice.user_id, jobId))).toEqual(kept);
    }, RUN_TIMEOUT_MS);

    it("forgets expired upload reservations (at start-up and then hourly) and keeps live ones", async () => {
      const db = await getDb();
      const expired = `users/${alice.user_id}/reserved-expired.mp4`;
      const live = `users/${alice.user_id}/reserved-live.mp4`;
      expect(await reserveUploadKey(db, { key: expired, userId: alice.user_id, expiresAt: new Date(Date.now() - 60_000) })).toBe(true);
      expect(await reserveUploadKey(db, { key: live, userId: alice.user_id, expiresAt: new Date(Date.now() + 600_000) })).toBe(true);
      const reserved = async () => (await db.select({ key: uploadReservations.key }).from(uploadReservations)).map((r) => r.key);
      expect(await reserved()).toEqual(expect.arrayContaining([expired, live]));
      // The sweeper the app starts at boot sweeps at once.
      await startMultipartSweeper(db);
      expect(await reserved()).not.toContain(expired);
      expect(await reserved()).toContain(live);
    }, RUN_TIMEOUT_MS);
  });
}
