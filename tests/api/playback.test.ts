// Playback through signed tokens, end to end over real HTTP: a generated clip is processed by the
// embedded runner (shots), then its thumbnail, HLS manifest, a segment (through its presigned URL)
// and the source file are fetched with the URLs a VideoResponse carries. Without a valid token,
// every playback endpoint is a 404.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { hlsManifestKey } from "@/lib/playback/renditions";
import { signPlaybackToken, verifyPlaybackToken } from "@/lib/auth/playback-token";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip } from "../helpers/videos";

useApiTestEnv("playback");
const server = useHttpServer({ appUrl: true });

let alice: TestUser;
let bob: TestUser;
let runner: EmbeddedRunner;
let clip: string;
let jobId: string;
let video: any;

beforeAll(async () => {
  alice = await makeUser("alice-playback@example.com");
  bob = await makeUser("bob-playback@example.com");
  clip = makeClip("playback", { seconds: 6 });
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
  jobId = await registerClip(alice, clip);
  await processToCompletion(alice, jobId, ["shots"]);
  video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
}, 180_000);

afterAll(async () => {
  await runner?.stop();
});

const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: "manual", ...init });
const withToken = (url: string, token: string | null) => {
  const u = new URL(url);
  if (token === null) u.searchParams.delete("token");
  else u.searchParams.set("token", token);
  return u.toString();
};

describe("the URLs of a VideoResponse", () => {
  it("are absolute URLs on APP_URL with a token valid for about 6 hours", () => {
    expect(video.thumbnail_url).toMatch(new RegExp(`^${server.url}/api/playback/thumbnail/${jobId}\\?token=`));
    expect(video.stream_url).toMatch(new RegExp(`^${server.url}/api/playback/stream/${jobId}\\?token=`));
    expect(video.playback_url).toMatch(new RegExp(`^${server.url}/api/playback/direct\\?job_id=${jobId}&token=`));
    const token = new URL(video.stream_url).searchParams.get("token")!;
    expect(verifyPlaybackToken(jobId, token)).toBe(true);
    const expires = Number(token.split(".")[0]) * 1000;
    expect(expires - Date.now()).toBeGreaterThanOrEqual(6 * 3600_000 - 5_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 3600_000);
    expect(token).not.toContain(alice.user_id);
  });
});

describe("GET and HEAD /api/playback/stream/{job_id}", () => {
  it("HEAD is 200 once the run made the stream", async () => {
    const res = await fetch(video.stream_url, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("GET is the HLS manifest with every segment a presigned URL, and a segment plays from it", async () => {
    const res = await get(video.stream_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const text = await res.text();
    expect(text.startsWith("#EXTM3U")).toBe(true);
    expect(text).toContain("#EXT-X-ENDLIST");
    const uris = text.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
    expect(uris.length).toBeGreaterThanOrEqual(1);
    for (const uri of uris) {
      expect(uri).toMatch(new RegExp(`^${server.url}/api/storage/object/results/${alice.user_id}/${jobId}/hls/seg\\d+\\.ts\\?`));
      expect(new URL(uri).searchParams.get("sig")).toBeTruthy();
    }
    // the stored manifest itself holds relative names only
    const stored = (await getStorage().getBytes(hlsManifestKey(alice.user_id, jobId))).toString();
    expect(stored).not.toContain("http");

    const segment = await fetch(uris[0]!);
    expect(segment.status).toBe(200);
    const bytes = Buffer.from(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    // total duration of the playlist matches the clip
    const total = [...text.matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);
    expect(total).toBeCloseTo(6, 0);
  });
});

describe("GET /api/playback/thumbnail/{job_id}", () => {
  it("302 to a presigned JPEG", async () => {
    const res = await get(video.thumbnail_url);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toContain(`/api/storage/object/results/${alice.user_id}/${jobId}/thumbnail.jpg?`);
    const image = await fetch(location);
    expect(image.status).toBe(200);
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  });
});

describe("GET /api/playback/direct", () => {
  it("302 to the presigned source file", async () => {
    const res = await get(video.playback_url);
    expect(res.status).toBe(302);
    const file = await fetch(res.headers.get("location")!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(fs.readFileSync(clip))).toBe(true);
  });
});

describe("without a valid token", () => {
  it("every playback endpoint is a 404", async () => {
    const otherJob = await registerClip(alice, clip);
    const past = signPlaybackToken(jobId, Date.now() - 8 * 3600_000);
    const good = new URL(video.stream_url).searchParams.get("token")!;
    const tampered = good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA");
    const [exp, sig] = good.split(".");
    const longer = `${Number(exp) + 3600}.${sig}`;
    const tokens: [string, string | null][] = [
      ["missing", null],
      ["empty", ""],
      ["garbage", "garbage"],
      ["expired", past],
      ["tampered", tampered],
      ["extended expiry", longer],
      ["another video's", signPlaybackToken(otherJob)],
      ["long", "x".repeat(10_000)],
    ];
    for (const [what, token] of tokens) {
      for (const url of [video.thumbnail_url, video.stream_url, video.playback_url]) {
        const res = await get(withToken(url, token));
        expect(res.status, `${what}: ${url}`).toBe(404);
        expect(await res.json()).toEqual({ detail: "Video not found" });
      }
      const head = await fetch(withToken(video.stream_url, token), { method: "HEAD" });
      expect(head.status, `${what}: HEAD`).toBe(404);
    }
  });

  it("an API key or bearer credential does not replace the token", async () => {
    for (const auth of [alice.api_key, bob.api_key, `Bearer ${alice.api_key}`]) {
      const res = await get(withToken(video.stream_url, null), { headers: { authorization: auth } });
      expect(res.status).toBe(404);
    }
  });

  it("a token for the second user's video does not open the first user's", async () => {
    const bobJob = await registerClip(bob, clip);
    const bobVideo = (await call("GET", `/videos/${bobJob}`, { auth: bob.api_key })).body;
    const bobToken = new URL(bobVideo.stream_url).searchParams.get("token")!;
    for (const url of [video.thumbnail_url, video.stream_url, video.playback_url]) {
      expect((await get(withToken(url, bobToken))).status).toBe(404);
    }
    // and bob's own works for his (the source file; no run made renditions yet)
    expect((await get(bobVideo.playback_url)).status).toBe(302);
  });

  it("malformed job ids are 404 Video not found", async () => {
    const token = new URL(video.stream_url).searchParams.get("token")!;
    for (const url of [
      `${server.url}/api/playback/stream/not-a-uuid?token=${token}`,
      `${server.url}/api/playback/thumbnail/123?token=${token}`,
      `${server.url}/api/playback/direct?job_id=nope&token=${token}`,
      `${server.url}/api/playback/direct?token=${token}`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect((await res.json()).detail).toBe("Video not found");
    }
  });
});

describe("a video without renditions", () => {
  it("HEAD stream 404, thumbnail and manifest 404 File not found, direct still plays", async () => {
    const freshJob = await registerClip(alice, clip);
    const fresh = (await call("GET", `/videos/${freshJob}`, { auth: alice.api_key })).body;
    expect((await fetch(fresh.stream_url, { method: "HEAD" })).status).toBe(404);
    for (const url of [fresh.stream_url, fresh.thumbnail_url]) {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toBe("File not found");
    }
    expect((await get(fresh.playback_url)).status).toBe(302);
  });

  it("a deleted video's token stops working", async () => {
    const goneJob = await registerClip(alice, clip);
    const gone = (await call("GET", `/videos/${goneJob}`, { auth: alice.api_key })).body;
    expect((await get(gone.playback_url)).status).toBe(302);
    await call("DELETE", `/videos/${goneJob}`, { auth: alice.api_key });
    const res = await get(gone.playback_url);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBe("Video not found");
  });
});

describe("the run's usage record", () => {
  it("appears in GET /usage and the summary", async () => {
    const usage = await call("GET", "/usage", { auth: alice.api_key });
    expect(usage.body).toHaveLength(1);
    expect(usage.body[0]).toMatchObject({ job_id: jobId, action: "process", modules: '["shots"]' });
    expect(usage.body[0].duration_minutes).toBeCloseTo(video.duration / 60, 6);
    const summary = await call("GET", "/usage/summary", { auth: alice.api_key });
    expect(summary.body).toMatchObject({ total_jobs: 1, by_action: { process: 1, reprocess: 0 } });
    expect(summary.body.first_usage).toBe(usage.body[0].created_at);
    expect((await call("GET", "/usage", { auth: bob.api_key })).body).toEqual([]);
  });
});
