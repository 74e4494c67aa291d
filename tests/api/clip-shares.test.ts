// Issue 35 item 6: a clip's share link is a revocable share like a report's (a public page and
// stream that work until revoked, not a 6-hour token); a finished clip rings the bell; a reel from
// search shows each moment of a video once (overlapping hits merged).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { startClipWorker, type ClipWorker } from "@/lib/clips/clip-worker";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

const HEAVY_MS = 240_000;

useApiTestEnv("clip-shares");

let alice: TestUser;
let bob: TestUser;
let worker: ClipWorker;
let video: string;

beforeAll(async () => {
  alice = await makeUser("alice-clip-shares@example.com");
  bob = await makeUser("bob-clip-shares@example.com");
  video = makeClip("clip-shares", { seconds: 12 });
  worker = startClipWorker(await getDb(), { pollMs: 100 });
});

afterAll(async () => {
  await worker?.shutdown();
});

async function waitForClip(auth: string, clipId: string): Promise<any> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await call("GET", `/clips/${clipId}`, { auth });
    expect(res.status, res.text).toBe(200);
    if (res.body.status === "completed" || res.body.status === "failed") return res.body;
    if (Date.now() > deadline) throw new Error(`clip ${clipId} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("clip shares", () => {
  it("POST makes a share (201, then 200 with the same); its page data and stream work without credentials until revoked", async () => {
    const jobId = await registerClip(alice, video);
    const made = await call("POST", "/clips", { auth: alice.api_key, body: { job_id: jobId, ranges: [{ start: 1, end: 3 }], title: "Two seconds" } });
    expect(made.status, made.text).toBe(202);
    const clipId = made.body.clip_id;
    expect((await waitForClip(alice.api_key, clipId)).status).toBe("completed");

    expect((await call("GET", `/clips/${clipId}/share`, { auth: alice.api_key })).body.detail).toBe("Shared clip not found");
    const share = await call("POST", `/clips/${clipId}/share`, { auth: alice.api_key });
    expect(share.status, share.text).toBe(201);
    expect(share.body.share_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share.body.url).toMatch(new RegExp(`/share/clip/${share.body.share_hash}$`));
    // the link is not a token that lapses: no token, no expiry in it
    expect(share.body.url).not.toContain("token=");
    const again = await call("POST", `/clips/${clipId}/share`, { auth: alice.api_key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(share.body);
    expect((await call("GET", `/clips/${clipId}/share`, { auth: alice.api_key })).body).toEqual(share.body);
    expect((await call("GET", `/clips/${clipId}`, { auth: alice.api_key })).body.share_url).toBe(share.body.url);

    const pub = await call("GET", `/shared-clips/${share.body.share_hash}`);
    expect(pub.status, pub.text).toBe(200);
    expect(pub.body.title).toBe("Two seconds");
    expect(pub.body.status).toBe("completed");
    expect(Object.keys(pub.body).sort()).toEqual(["created_at", "duration", "status", "stream_url", "title"]);
    expect(JSON.stringify(pub.body)).not.toContain(alice.user_id);
    expect(JSON.stringify(pub.body)).not.toContain(clipId);
    const stream = await call("GET", new URL(pub.body.stream_url).pathname.replace(/^\/api/, ""));
    expect(stream.status).toBe(302);
    expect(stream.headers.get("location")).toBeTruthy();

    // someone else cannot share, read or revoke it
    expect((await call("POST", `/clips/${clipId}/share`, { auth: bob.api_key })).body.detail).toBe("Clip not found");
    expect((await call("DELETE", `/clips/${clipId}/share`, { auth: bob.api_key })).status).toBe(404);
    expect((await call("POST", `/clips/${GHOST}/share`, { auth: alice.api_key })).status).toBe(404);
    expect((await call("POST", `/clips/${clipId}/share`)).status).toBe(401);

    const revoked = await call("DELETE", `/clips/${clipId}/share`, { auth: alice.api_key });
    expect(revoked.status, revoked.text).toBe(200);
    const gone = await call("GET", `/shared-clips/${share.body.share_hash}`);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Shared clip not found");
    expect((await call("GET", `/shared-clips/${share.body.share_hash}/stream`)).status).toBe(404);
    expect((await call("DELETE", `/clips/${clipId}/share`, { auth: alice.api_key })).status).toBe(404);
    expect((await call("GET", "/shared-clips/not-a-hash")).status).toBe(404);
  }, HEAVY_MS);

  it("a finished clip rings the bell with a link to it", async () => {
    const jobId = await registerClip(alice, video);
    const made = await call("POST", "/clips", { auth: alice.api_key, body: { job_id: jobId, ranges: [{ start: 0, end: 1 }], title: "Bell clip" } });
    await waitForClip(alice.api_key, made.body.clip_id);
    const list = await call("GET", "/notifications", { auth: alice.api_key });
    expect(list.status, list.text).toBe(200);
    const items = (Array.isArray(list.body) ? list.body : list.body.notifications ?? list.body.items) as any[];
    const ready = items.find((n) => n.title === "Clip ready" && n.message.includes("“Bell clip”"));
    expect(ready, JSON.stringify(items)).toBeTruthy();
    expect(ready.type).toBe("success");
    expect(ready.message).toMatch(new RegExp(`Open: /clips\\?clip=${made.body.clip_id}$`));
  }, HEAVY_MS);
});

describe("a reel from search", () => {
  it("merges overlapping hits of one video: each moment once", async () => {
    const db = await getDb();
    const jobId = await registerClip(alice, video);
    const v = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    // The same moment found twice (said, and written on a sign), and once more later.
    await insertSegments(db, [
      { videoId: v.id, jobId, userId: alice.user_id, module: "transcription", content: "you can park in the parking lot here", startTime: 1, endTime: 2.5, metadata: null },
      { videoId: v.id, jobId, userId: alice.user_id, module: "text", content: "PARKING", startTime: 1.5, endTime: 3, metadata: null },
      { videoId: v.id, jobId, userId: alice.user_id, module: "transcription", content: "the parking is full again", startTime: 8, endTime: 9, metadata: null },
    ]);
    await embedJobSegments(db, { userId: alice.user_id, jobId });
    const res = await call("POST", "/clips", { auth: alice.api_key, body: { search: { query: "parking", job_ids: [jobId], threshold: 0.2 }, limit: 5, padding_s: 1 } });
    expect(res.status, res.text).toBe(202);
    const clip = (await call("GET", `/clips/${res.body.clip_id}`, { auth: alice.api_key })).body;
    expect(clip.ranges.length, JSON.stringify(clip.ranges)).toBe(2);
    const sorted = [...clip.ranges].sort((a: any, b: any) => a.start - b.start);
    expect(sorted[0]).toEqual({ job_id: jobId, start: 0, end: 4 });
    expect(sorted[1]).toEqual({ job_id: jobId, start: 7, end: 10 });
  }, HEAVY_MS);
});
