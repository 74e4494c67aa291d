// Clips: POST /api/clips from ranges or from search hits, cut by the clip worker with real ffmpeg
// (frame-accurate, audio kept, ranges joined in order, duration = sum of ranges), read, listed,
// deleted with their file; 400s for ranges out of bounds, 404 for other users' videos and clips;
// clip.completed webhooks; a clip left processing by a dead process is taken over, and one that
// keeps dying ends failed.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { insertVideo } from "@/db/queries/videos";
import { clips } from "@/db/schema";
import { startClipWorker, type ClipWorker } from "@/lib/clips/clip-worker";
import { recoverOrphanedClips } from "@/lib/clips/recover-clips";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { getStorage } from "@/lib/storage";
import { startWebhookDispatcher, type WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

/** Cutting and processing with real ffmpeg on a shared, busy machine. */
const HEAVY_MS = 240_000;

useApiTestEnv("clips");
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";

let alice: TestUser;
let bob: TestUser;
let worker: ClipWorker;
let receiver: Receiver;
let dispatcher: WebhookDispatcher;
/** 12 s, 25 fps, a colour per 2 s (red, green, blue, yellow, white, purple), a 440 Hz tone. */
let withAudio: string;
/** 6 s, 640x360, no audio track. */
let silent: string;

beforeAll(async () => {
  alice = await makeUser("alice-clips@example.com");
  bob = await makeUser("bob-clips@example.com");
  withAudio = makeClip("clips-audio", { seconds: 12 });
  silent = makeClip("clips-silent", { seconds: 6, size: "640x360", audio: false });
  const db = await getDb();
  worker = startClipWorker(db, { pollMs: 100 });
  dispatcher = startWebhookDispatcher(db);
  receiver = await startReceiver([200]);
  const hook = await call("POST", "/webhooks", { auth: alice.api_key, body: { url: receiver.url, events: ["clip.completed", "clip.failed"] } });
  expect(hook.status, hook.text).toBe(201);
});

afterAll(async () => {
  await worker?.shutdown();
  await dispatcher?.stop();
  await receiver?.close();
});

async function waitForClip(auth: string, clipId: string, timeoutMs = 180_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/clips/${clipId}`, { auth });
    expect(res.status, res.text).toBe(200);
    if (res.body.status === "completed" || res.body.status === "failed") return res.body;
    if (Date.now() > deadline) throw new Error(`clip ${clipId} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Probe {
  format: { duration: string };
  streams: { codec_type: string; duration?: string }[];
}

async function probeStored(key: string): Promise<Probe> {
  return getStorage().withLocalFile(key, async (file) =>
    JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]).toString()),
  );
}

/** The average RGB of the frame shown at `t` seconds of a stored clip. */
async function colourAt(key: string, t: number): Promise<[number, number, number]> {
  return getStorage().withLocalFile(key, async (file) => {
    const raw = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-ss", String(t), "-frames:v", "1", "-vf", "scale=1:1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]);
    return [raw[0]!, raw[1]!, raw[2]!];
  });
}

const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 80;
const isGreen = ([r, g, b]: number[]) => g! > 90 && r! < 80 && b! < 80;
const isBlue = ([r, g, b]: number[]) => b! > 180 && r! < 80 && g! < 80;

const clipKeyOf = (userId: string, clipId: string) => `results/${userId}/clips/${clipId}.mp4`;

describe("POST /api/clips with ranges", () => {
  it("202 {clip_id, status: queued}; the MP4 joins the ranges in order, frame-accurately, with audio, as long as their sum", async () => {
    const jobId = await registerClip(alice, withAudio);
    // green until 4.0 s then blue; red 0–2 s
    const ranges = [
      { start: 3.96, end: 4.6 },
      { start: 0.5, end: 1.5 },
      { start: 9.2, end: 11.7 },
    ];
    const res = await call("POST", "/clips", { auth: alice.api_key, body: { job_id: jobId, ranges, title: "Three bits" } });
    expect(res.status, res.text).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(["clip_id", "status"]);
    expect(res.body.status).toBe("queued");

    const done = await waitForClip(alice.api_key, res.body.clip_id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(done.title).toBe("Three bits");
    expect(done.ranges).toEqual(ranges.map((r) => ({ job_id: jobId, ...r })));
    expect(done.download_url).toMatch(/^http/);
    expect(done.stream_url).toContain(`/api/playback/clip/${done.clip_id}?token=`);
    expect(done.error).toBeUndefined();

    const key = clipKeyOf(alice.user_id, done.clip_id);
    const probe = await probeStored(key);
    const sum = ranges.reduce((s, r) => s + r.end - r.start, 0);
    expect(Math.abs(Number(probe.format.duration) - sum)).toBeLessThanOrEqual(0.1 * ranges.length);
    const video = probe.streams.find((s) => s.codec_type === "video");
    const audio = probe.streams.find((s) => s.codec_type === "audio");
    expect(video).toBeTruthy();
    expect(audio).toBeTruthy();
    // audio in sync: both streams as long as the ranges
    expect(Math.abs(Number(video!.duration) - sum)).toBeLessThanOrEqual(0.1 * ranges.length);
    expect(Math.abs(Number(audio!.duration) - sum)).toBeLessThanOrEqual(0.1 * ranges.length);
    expect(Math.abs(done.duration - sum)).toBeLessThanOrEqual(0.1 * ranges.length);

    // Frame-accurate: the first frame is the last green one (3.96 s), the next one is blue.
    expect(isGreen(await colourAt(key, 0))).toBe(true);
    expect(isBlue(await colourAt(key, 0.08))).toBe(true);
    // In order: the second range (red) follows the first.
    expect(isRed(await colourAt(key, 0.64 + 0.5))).toBe(true);
  }, HEAVY_MS);

  it("the stream URL's token plays the clip without credentials; a wrong token is 404", async () => {
    const jobId = await registerClip(alice, withAudio);
    const res = await call("POST", "/clips", { auth: alice.api_key, body: { job_id: jobId, ranges: [{ start: 1, end: 2 }] } });
    const done = await waitForClip(alice.api_key, res.body.clip_id);
    expect(done.status).toBe("completed");
    const url = new URL(done.stream_url);
    const ok = await call("GET", `/playback/clip/${done.clip_id}${url.search}`);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBeTruthy();
    const bad = await call("GET", `/playback/clip/${done.clip_id}?token=123.${"A".repeat(43)}`);
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe("Clip not found");
    // a video's playback token does not open a clip
    const noToken = await call("GET", `/playback/clip/${done.clip_id}`);
    expect(noToken.status).toBe(404);
  }, HEAVY_MS);

  it("400 with {detail} for ranges out of bounds, too many, too long, or a malformed body", async () => {
    const jobId = await registerClip(alice, withAudio);
    const db = await getDb();
    const long = await insertVideo(db, { userId: alice.user_id, jobId: crypto.randomUUID(), name: "long.mp4", storagePath: `users/${alice.user_id}/long-${crypto.randomUUID()}.mp4`, duration: 3600, status: "completed" });
    const cases: [unknown, RegExp][] = [
      [{ job_id: jobId, ranges: [{ start: 2, end: 2 }] }, /ranges\[0\]: start must be before end/],
      [{ job_id: jobId, ranges: [{ start: 3, end: 1 }] }, /ranges\[0\]/],
      [{ job_id: jobId, ranges: [{ start: -1, end: 1 }] }, /ranges\.0\.start|ranges\[0\]\.start|start/],
      [{ job_id: jobId, ranges: [{ start: 1, end: 12.5 }] }, /ranges\[0\]\.end: must be at most the video's duration/],
      [{ job_id: jobId, ranges: [] }, /ranges/],
      [{ job_id: jobId, ranges: Array.from({ length: 51 }, (_, i) => ({ start: i * 0.1, end: i * 0.1 + 0.05 })) }, /ranges: must be at most 50/],
      [{ job_id: long.jobId, ranges: [{ start: 0, end: 1000 }, { start: 1000, end: 1801 }] }, /30 minutes/],
      [{ job_id: jobId }, /^ranges: is required/],
      [{ ranges: [{ start: 0, end: 1 }] }, /^job_id: is required/],
      [{ job_id: jobId, ranges: [{ start: 0, end: 1 }], search: { query: "x" } }, /cannot be combined with search/],
      [{ search: { query: "x" }, limit: 21 }, /limit: must be at most 20/],
      [{ search: { query: "x" }, padding_s: 6 }, /padding_s: must be at most 5/],
      [{ job_id: jobId, ranges: [{ start: 0, end: 1 }], padding_s: 1 }, /padding_s: only applies with search/],
      [{ search: { query: "" } }, /query/],
    ];
    for (const [body, detail] of cases) {
      const res = await call("POST", "/clips", { auth: alice.api_key, body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    const notJson = await call("POST", "/clips", { auth: alice.api_key, rawBody: "{" });
    expect(notJson.status).toBe(400);
    // exactly 30 minutes is fine
    const max = await call("POST", "/clips", { auth: alice.api_key, body: { job_id: long.jobId, ranges: [{ start: 0, end: 1800 }] } });
    expect(max.status, max.text).toBe(202);
    await call("DELETE", `/clips/${max.body.clip_id}`, { auth: alice.api_key });
  }, HEAVY_MS);

  it("404 Video not found for another user's or an unknown video; 401 without credentials", async () => {
    const bobs = await registerClip(bob, withAudio);
    for (const job_id of [bobs, GHOST, "not-a-uuid"]) {
      const res = await call("POST", "/clips", { auth: alice.api_key, body: { job_id, ranges: [{ start: 0, end: 1 }] } });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    const anon = await call("POST", "/clips", { body: { job_id: bobs, ranges: [{ start: 0, end: 1 }] } });
    expect(anon.status).toBe(401);
  }, HEAVY_MS);
});

describe("GET and DELETE /api/clips", () => {
  it("lists the caller's clips newest first; others' clips are 404; delete removes the clip and its file", async () => {
    const jobId = await registerClip(bob, withAudio);
    const ids: string[] = [];
    for (const end of [1, 2]) {
      const res = await call("POST", "/clips", { auth: bob.api_key, body: { job_id: jobId, ranges: [{ start: 0, end }] } });
      expect(res.status).toBe(202);
      ids.push(res.body.clip_id);
    }
    const list = await call("GET", "/clips", { auth: bob.api_key });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.clip_id)).toEqual([...ids].reverse());
    expect(list.headers.get("link")).toBeNull();

    const done = await waitForClip(bob.api_key, ids[0]!);
    expect(done.status).toBe("completed");
    const key = clipKeyOf(bob.user_id, ids[0]!);
    expect(await getStorage().stat(key)).not.toBeNull();

    for (const id of [ids[0]!, GHOST, "nope"]) {
      for (const method of ["GET", "DELETE"]) {
        const res = await call(method, `/clips/${id}`, { auth: alice.api_key });
        expect(res.status).toBe(404);
        expect(res.body.detail).toBe("Clip not found");
      }
    }
    expect((await call("GET", "/clips", { auth: alice.api_key })).body.some((c: any) => ids.includes(c.clip_id))).toBe(false);

    const del = await call("DELETE", `/clips/${ids[0]}`, { auth: bob.api_key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    expect(await getStorage().stat(key)).toBeNull();
    expect((await call("GET", `/clips/${ids[0]}`, { auth: bob.api_key })).status).toBe(404);
    await waitForClip(bob.api_key, ids[1]!);
  }, HEAVY_MS);
});

describe("POST /api/clips with search", () => {
  it("the top hits become the ranges in rank order, padded and clamped; videos without audio get silence", async () => {
    const db = await getDb();
    const a = await registerClip(alice, withAudio);
    const b = await registerClip(alice, silent);
    const va = (await call("GET", `/videos/${a}`, { auth: alice.api_key })).body;
    const vb = (await call("GET", `/videos/${b}`, { auth: alice.api_key })).body;
    await insertSegments(db, [
      { videoId: va.id, jobId: a, userId: alice.user_id, module: "transcription", content: "the pelican lands on the harbour wall", startTime: 5, endTime: 6, metadata: null },
      { videoId: va.id, jobId: a, userId: alice.user_id, module: "transcription", content: "nothing to see in this quiet part", startTime: 8, endTime: 9, metadata: null },
      { videoId: vb.id, jobId: b, userId: alice.user_id, module: "transcription", content: "a pelican again at the very end", startTime: 5.5, endTime: 6, metadata: null },
    ]);
    await embedJobSegments(db, { userId: alice.user_id, jobId: a });
    await embedJobSegments(db, { userId: alice.user_id, jobId: b });

    const res = await call("POST", "/clips", { auth: alice.api_key, body: { search: { query: "pelican", job_ids: [a, b], threshold: 0.5 }, limit: 5, padding_s: 1 } });
    expect(res.status, res.text).toBe(202);
    const done = await waitForClip(alice.api_key, res.body.clip_id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(done.title).toBe("Highlights: pelican");
    expect(done.ranges).toHaveLength(2);
    expect(new Set(done.ranges.map((r: any) => r.job_id))).toEqual(new Set([a, b]));
    const ra = done.ranges.find((r: any) => r.job_id === a);
    const rb = done.ranges.find((r: any) => r.job_id === b);
    expect(ra).toEqual({ job_id: a, start: 4, end: 7 });
    expect(rb).toEqual({ job_id: b, start: 4.5, end: 6 }); // clamped to the 6 s video
    const probe = await probeStored(clipKeyOf(alice.user_id, done.clip_id));
    expect(Math.abs(Number(probe.format.duration) - 4.5)).toBeLessThanOrEqual(0.2);
    expect(probe.streams.some((s) => s.codec_type === "audio")).toBe(true);

    const none = await call("POST", "/clips", { auth: alice.api_key, body: { search: { query: "zebra crossing", job_ids: [a], threshold: 0.9 } } });
    expect(none.status).toBe(400);
    expect(none.body.detail).toMatch(/^search: no segment matched/);
    const others = await call("POST", "/clips", { auth: bob.api_key, body: { search: { query: "pelican", job_ids: [a] } } });
    expect(others.status).toBe(404);
    expect(others.body.detail).toBe("Video not found");
  }, HEAVY_MS);
});

describe("webhooks and crashes", () => {
  it("clip.completed reaches the user's endpoint", async () => {
    const got = await receiver.waitFor(1, 30_000);
    const completed = got.map((r) => r.json).filter((j) => j.type === "clip.completed");
    expect(completed.length).toBeGreaterThan(0);
    expect(completed[0].data.clip_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(completed[0].data.status).toBe("completed");
    expect(completed[0].data.links.clip).toContain(`/api/clips/${completed[0].data.clip_id}`);
  }, HEAVY_MS);

  it("a clip left processing by a dead process is taken over at start-up; one that keeps dying ends failed", async () => {
    const db = await getDb();
    const jobId = await registerClip(alice, withAudio);
    await worker.shutdown(); // nothing claims while the rows are staged
    const [orphan] = await db
      .insert(clips)
      .values({ userId: alice.user_id, title: "orphan", status: "processing", ranges: [{ job_id: jobId, start: 0, end: 1 }], duration: 1, attempts: 1, leaseOwner: "gone:1-1:aaaaaa", leaseExpiresAt: new Date(Date.now() + 60_000) })
      .returning();
    const [hopeless] = await db
      .insert(clips)
      .values({ userId: alice.user_id, title: "hopeless", status: "processing", ranges: [{ job_id: jobId, start: 0, end: 1 }], duration: 1, attempts: 3, leaseOwner: "gone:1-1:bbbbbb", leaseExpiresAt: new Date(Date.now() + 60_000) })
      .returning();
    expect(await recoverOrphanedClips(db, { exclusive: true })).toBeGreaterThanOrEqual(2);
    const { LeasedWorker } = await import("@/lib/jobs/leased-worker");
    expect(LeasedWorker).toBeTruthy();
    // a fresh worker (the process singleton is stopped): the same as a new process starting
    const { executeClip } = await import("@/lib/clips/clip-worker");
    const { claimClip, renewClipLease, expireClipLeases } = await import("@/db/queries/clips");
    const fresh = new LeasedWorker({
      name: "clips-test",
      concurrency: 1,
      leaseMs: 15_000,
      pollMs: 100,
      claim: (owner, leaseMs) => claimClip(db, { owner, leaseMs }),
      renew: (id, owner, leaseMs) => renewClipLease(db, { clipId: id, owner, leaseMs }),
      release: (ids, refund) => expireClipLeases(db, { clipIds: ids, refund }),
      execute: (clip, owner, signal) => executeClip(db, clip as any, owner, signal),
    }).start();
    try {
      expect((await waitForClip(alice.api_key, orphan!.id)).status).toBe("completed");
      const failed = await waitForClip(alice.api_key, hopeless!.id);
      expect(failed.status).toBe("failed");
      expect(failed.error).toMatch(/interrupted 3 times/);
      const [row] = await db.select().from(clips).where(eq(clips.id, orphan!.id));
      expect(row!.attempts).toBe(2);
    } finally {
      await fresh.shutdown();
    }
  }, HEAVY_MS);
});
