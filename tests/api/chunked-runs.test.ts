// Chunked runs (issue 38): a video longer than CHUNK_SECONDS is split at keyframes into chunks
// that any worker claims; each finished chunk is readable at once; the merge makes the results
// those of the video analysed whole. The clip puts a cut and a spoken utterance exactly on a
// chunk border (and another utterance across the next one).
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { claimChunk, insertChunks, listChunks, renewChunkLease } from "@/db/queries/run-chunks";
import { insertRun } from "@/db/queries/runs";
import { getVideoByJobId } from "@/db/queries/videos";
import { runEvents, usageRecords } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { chunkSlots, startChunkWorker, stopChunkWorker } from "@/lib/pipeline/chunks/chunk-worker";
import { beatChunkWorker } from "@/db/queries/chunk-workers";
import { chunkWorkers } from "@/db/schema";
import { bundleKey, chunksPrefix } from "@/lib/pipeline/chunks/bundle";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { chunkBorderClip } from "../helpers/chunk-clip";
import { useApiTestEnv } from "../helpers/env";
import { makeUser, type TestUser } from "../helpers/users";
import { librivox } from "../helpers/speech";
import { registerClip, waitForStatus } from "../helpers/videos";

/** PocketSphinx and the decode passes take a while on a shared machine. */
const SLOW = 900_000;
const MODULES = ["shots", "scenes", "transcription"];

useApiTestEnv("chunked-runs");

let user: TestUser;
let runner: EmbeddedRunner;

beforeAll(async () => {
  for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_TRANSCRIBE_BASE_URL", "OPENAI_TRANSCRIBE_API_KEY"]) delete process.env[k];
  user = await makeUser("chunks@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000, concurrency: 1 }).start();
});
afterAll(async () => {
  await stopChunkWorker();
  await runner?.stop();
  delete process.env.CHUNK_SECONDS;
});

async function start(jobId: string, modules = MODULES) {
  const res = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: JSON.stringify(modules) } });
  expect(res.status, res.text).toBe(200);
}

async function segmentsOf(jobId: string): Promise<any[]> {
  const res = await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key });
  expect(res.status, res.text).toBe(200);
  return res.body as any[];
}

async function eventsOf(jobId: string) {
  const db = await getDb();
  return db.select().from(runEvents).where(eq(runEvents.jobId, jobId)).orderBy(asc(runEvents.id));
}

const spans = (segs: any[], module: string) =>
  segs
    .filter((s) => s.module === module)
    .map((s) => [s.start_time, s.end_time] as const)
    .sort((a, b) => a[0] - b[0]);
const words = (segs: any[]) =>
  segs
    .filter((s) => s.module === "transcription")
    .sort((a, b) => a.start_time - b.start_time)
    .flatMap((s) => (JSON.parse(s.metadata).words as [string, number, number, number][]).map((w) => w[0]));

describe("chunked runs", () => {
  it("a cut and a spoken utterance on a chunk border: the chunked results equal the unsplit ones, readable chunk by chunk", async () => {
    const clip = chunkBorderClip("border", {
      seconds: 30,
      cuts: [4, 10, 17, 25],
      speech: [
        { file: librivox("0880"), at: 8.8 },
        { file: librivox("0930"), at: 18.5 },
      ],
    });

    process.env.CHUNK_SECONDS = "0";
    const wholeJob = await registerClip(user, clip, "whole.mp4");
    await start(wholeJob);
    expect((await waitForStatus(user.api_key, wholeJob, ["completed", "failed"], SLOW)).status).toBe("completed");
    const whole = await segmentsOf(wholeJob);
    expect((await eventsOf(wholeJob)).some((e) => e.type === "chunks_planned")).toBe(false);

    process.env.CHUNK_SECONDS = "10";
    // This process runs two chunks at once, as a worker with RUNNER_CONCURRENCY=2 does.
    startChunkWorker(await getDb(), { concurrency: 2, pollMs: 50 });
    const jobId = await registerClip(user, clip, "chunked.mp4");
    await start(jobId);
    // The first finished chunk is readable while the rest runs, and the video is still processing.
    let early: { segments: any[]; status: string; chunk: any } | null = null;
    const deadline = Date.now() + SLOW;
    while (!early && Date.now() < deadline) {
      const events = await eventsOf(jobId);
      const done = events.find((e) => e.type === "chunk_completed");
      if (done) {
        const [segments, status] = await Promise.all([segmentsOf(jobId), call("GET", `/processing/${jobId}/status`, { auth: user.api_key })]);
        early = { segments, status: status.body.status, chunk: done.data };
      } else {
        expect(events.some((e) => e.type === "done")).toBe(false);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(early, "no chunk_completed event").not.toBeNull();
    expect(early!.chunk).toMatchObject({ chunks: 3, chunks_done: 1 });
    if (early!.status === "processing") {
      const provisional = early!.segments.filter((s) => JSON.parse(s.metadata).provisional === true);
      expect(provisional.length).toBeGreaterThan(0);
      expect(provisional.length).toBe(early!.chunk.segments);
      for (const s of provisional) {
        expect(s.start_time).toBeGreaterThanOrEqual(early!.chunk.start - 5);
        expect(s.end_time).toBeLessThanOrEqual(early!.chunk.end + 5);
      }
    }
    expect((await waitForStatus(user.api_key, jobId, ["completed", "failed"], SLOW)).status).toBe("completed");

    const events = await eventsOf(jobId);
    const planned = events.find((e) => e.type === "chunks_planned")!.data as any;
    expect(planned.chunks).toEqual([
      { chunk: 0, start: 0, end: 10 },
      { chunk: 1, start: 10, end: 20 },
      { chunk: 2, start: 20, end: 30 },
    ]);
    const completed = events.filter((e) => e.type === "chunk_completed").map((e) => (e.data as any).chunk);
    expect(completed.sort()).toEqual([0, 1, 2]);
    const lastChunk = events.findLastIndex((e) => e.type === "chunk_completed");
    expect(events.findIndex((e) => e.type === "done")).toBeGreaterThan(lastChunk);

    const chunked = await segmentsOf(jobId);
    // Shots and scenes: the same, the cut on the border found once (a shot starts there, none is doubled).
    expect(spans(chunked, "shots")).toEqual(spans(whole, "shots"));
    expect(spans(chunked, "shots").filter(([s]) => Math.abs(s - 10) < 0.05)).toHaveLength(1);
    expect(spans(chunked, "scenes")).toEqual(spans(whole, "scenes"));
    // Speech: each utterance across a border is heard once, at its place, whole. (PocketSphinx's
    // words depend a little on all the audio it hears, so a word may be read differently: the
    // bench measures that as WER; here the places and the numbers of words are compared.)
    const utterances = (segs: any[]) =>
      segs
        .filter((s) => s.module === "transcription")
        .sort((a, b) => a.start_time - b.start_time)
        .map((s) => ({ start: s.start_time, end: s.end_time, words: JSON.parse(s.metadata).words as [string, number, number, number][] }));
    const said = utterances(whole);
    const heard = utterances(chunked);
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(heard).toHaveLength(said.length);
    heard.forEach((u, i) => {
      expect(Math.abs(u.start - said[i]!.start)).toBeLessThan(0.3);
      expect(Math.abs(u.end - said[i]!.end)).toBeLessThan(0.3);
      expect(Math.abs(u.words.length - said[i]!.words.length)).toBeLessThanOrEqual(2);
    });
    // The utterance on the first border: words on both sides of it (neither half lost).
    const onBorder = heard.find((u) => u.start < 10 && u.end > 10)!;
    expect(onBorder.words.some((w) => w[2] <= 10)).toBe(true);
    expect(onBorder.words.some((w) => w[1] >= 10)).toBe(true);
    expect(words(chunked).length).toBeLessThanOrEqual(words(whole).length + 2);
    // Nothing provisional is left; usage is counted once; the chunks' files are gone.
    expect(chunked.filter((s) => JSON.parse(s.metadata).provisional)).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(usageRecords).where(eq(usageRecords.jobId, jobId))).toHaveLength(1);
    expect(await getStorage().list(`results/${user.user_id}/${jobId}/chunks/`)).toEqual([]);
  }, SLOW);

  it("continuous reading across both borders: no utterance that starts in a chunk's lead is lost", async () => {
    // The five LibriVox utterances back to back from 3 s to 27.7 s: the VAD hears one region (it
    // bridges pauses under about 0.8 s), so no border lies in a pause it can see, and each chunk's
    // recogniser starts its first utterance in the lead, seconds before its range.
    let at = 3;
    const speech = (["0870", "0880", "0890", "0920", "0930"] as const).map((id, i) => {
      const part = { file: librivox(id), at };
      at += [7.1, 2.99, 5.3, 6.05, 3.29][i]!;
      return part;
    });
    const clip = chunkBorderClip("reading", { seconds: 30, cuts: [15], speech });
    process.env.CHUNK_SECONDS = "0";
    const wholeJob = await registerClip(user, clip, "reading-whole.mp4");
    await start(wholeJob, ["transcription"]);
    expect((await waitForStatus(user.api_key, wholeJob, ["completed", "failed"], SLOW)).status).toBe("completed");
    process.env.CHUNK_SECONDS = "10";
    startChunkWorker(await getDb(), { concurrency: 2, pollMs: 50 });
    const jobId = await registerClip(user, clip, "reading-chunked.mp4");
    await start(jobId, ["transcription"]);
    expect((await waitForStatus(user.api_key, jobId, ["completed", "failed"], SLOW)).status).toBe("completed");
    expect(((await eventsOf(jobId)).find((e) => e.type === "chunks_planned")?.data as any)?.chunks).toHaveLength(3);

    const said = words(await segmentsOf(wholeJob));
    const heard = words(await segmentsOf(jobId));
    // 80 words are read; PocketSphinx gets most of them.
    expect(said.length).toBeGreaterThan(50);
    // Dropping the utterances that start in the leads lost most of the middle chunk's words.
    expect(Math.abs(heard.length - said.length)).toBeLessThanOrEqual(4);
  }, SLOW);

  it("a run splits only where two or more chunks can run at once: live workers' slots are counted, a lone one-slot process does not split", async () => {
    const db = await getDb();
    process.env.CHUNK_SECONDS = "10";
    await stopChunkWorker();
    expect(await chunkSlots(db)).toBe(0);
    startChunkWorker(db, { concurrency: 1, pollMs: 50 });
    expect(await chunkSlots(db)).toBe(1);
    const clip = chunkBorderClip("lone", { seconds: 30, cuts: [5, 12, 24], speech: [] });
    const jobId = await registerClip(user, clip, "lone.mp4");
    await start(jobId, ["shots"]);
    expect((await waitForStatus(user.api_key, jobId, ["completed", "failed"], SLOW)).status).toBe("completed");
    expect((await eventsOf(jobId)).some((e) => e.type === "chunks_planned")).toBe(false);
    expect(spans(await segmentsOf(jobId), "shots").map(([s]) => Math.round(s))).toEqual([0, 5, 12, 24]);

    // Another process's heartbeat with one slot: two at once, so a long video splits; once that
    // heartbeat is old (the process died), it no longer counts.
    await beatChunkWorker(db, { owner: "other-host:1", host: "other-host", pid: 1, slots: 1 });
    expect(await chunkSlots(db)).toBe(2);
    await db.update(chunkWorkers).set({ seenAt: new Date(Date.now() - 3600_000) }).where(eq(chunkWorkers.owner, "other-host:1"));
    expect(await chunkSlots(db)).toBe(1);
    // A worker that stops takes itself off.
    await stopChunkWorker();
    expect(await chunkSlots(db)).toBe(0);
    expect((await db.select().from(chunkWorkers)).map((w) => w.owner)).toEqual(["other-host:1"]);
  }, SLOW);

  it("a chunk whose worker died is claimed again; a cancelled or deleted run's chunks are claimed by no one and their files go", async () => {
    const db = await getDb();
    const clip = chunkBorderClip("claims", { seconds: 12, cuts: [6], speech: [] });
    const jobId = await registerClip(user, clip, "claims.mp4");
    const video = (await getVideoByJobId(db, { userId: user.user_id, jobId }))!;
    const run = await insertRun(db, { videoId: video.id, jobId, userId: user.user_id, status: "running", engine: "inngest" });
    const range = (idx: number) => ({ idx, startTime: idx * 6, endTime: idx * 6 + 6, speechStart: idx * 6, speechEnd: idx * 6 + 6 });
    await insertChunks(db, { runId: run.id, jobId, userId: user.user_id, chunks: [range(0), range(1)] });
    // Planned again (a resumed run): nothing doubles.
    await insertChunks(db, { runId: run.id, jobId, userId: user.user_id, chunks: [range(0), range(1)] });
    expect(await listChunks(db, run.id)).toHaveLength(2);

    const a = await claimChunk(db, { owner: "dead-worker", leaseMs: 1, runId: run.id });
    expect(a).toMatchObject({ idx: 0, attempts: 1 });
    await new Promise((r) => setTimeout(r, 20));
    // Its lease lapsed: the next claimer takes the same chunk over; the dead worker's renewal fails.
    const b = await claimChunk(db, { owner: "live-worker", leaseMs: 60_000, runId: run.id });
    expect(b).toMatchObject({ id: a!.id, attempts: 2 });
    expect(await renewChunkLease(db, { chunkId: a!.id, owner: "dead-worker", leaseMs: 60_000 })).toBe(false);
    expect(await renewChunkLease(db, { chunkId: a!.id, owner: "live-worker", leaseMs: 60_000 })).toBe(true);

    // Deleting the video cancels its run: no chunk is claimed or renewed any more, and the chunk files go.
    await getStorage().putBytes(bundleKey(user.user_id, jobId, run.id, 0), "bundle", "application/octet-stream");
    const del = await call("DELETE", `/videos/${jobId}`, { auth: user.api_key });
    expect(del.status, del.text).toBe(200);
    expect(await renewChunkLease(db, { chunkId: a!.id, owner: "live-worker", leaseMs: 60_000 })).toBe(false);
    expect(await claimChunk(db, { owner: "another", leaseMs: 60_000 })).toBeNull();
    expect(await getStorage().list(chunksPrefix(user.user_id, jobId, run.id))).toEqual([]);
    expect(await db.select().from(runEvents).where(and(eq(runEvents.jobId, jobId), eq(runEvents.type, "chunk_completed")))).toEqual([]);
  });
});
