// The storyboard (moment previews), end to end over real HTTP: a red/green/blue clip is processed by
// the embedded runner, then its WebVTT thumbnails track and sprite are fetched with the token of
// the VideoResponse's thumbnail_url, and the sprite is decoded to check that each cue's tile shows
// the clip at that time. Every decode strategy is checked the same way, the token rules are those
// of the other playback endpoints, and a video without a video stream completes without one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { videos } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { SharedMedia } from "@/lib/analysis/shared-media";
import { probeMedia } from "@/lib/media/probe";
import {
  renderStoryboard,
  storyboardImageKey,
  storyboardStep,
  storyboardVttKey,
} from "@/lib/playback/storyboard";
import { cueAt, parseStoryboardVtt, type StoryboardCue } from "@/lib/playback/storyboard-vtt";
import { signPlaybackToken } from "@/lib/auth/playback-token";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { startHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { makeUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "va-storyboard-"));
process.env.RATE_LIMIT_PER_MINUTE = "100000";
useTestDb();

type TestUser = Awaited<ReturnType<typeof makeUser>>;
let alice: TestUser;
let bob: TestUser;
let server: Awaited<ReturnType<typeof startHttpServer>>;
let runner: EmbeddedRunner;
let clip: string;
let jobId: string;
let video: any;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "va-storyboard-files-"));

async function processClip(user: TestUser, jobId: string, modules = ["shots"]) {
  const start = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: JSON.stringify(modules) } });
  expect(start.status, start.text).toBe(200);
  const done = await waitForStatus(user.api_key, jobId);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  return (await call("GET", `/videos/${jobId}`, { auth: user.api_key })).body;
}

beforeAll(async () => {
  server = await startHttpServer();
  process.env.APP_URL = server.url;
  alice = await makeUser("alice-storyboard@example.com");
  bob = await makeUser("bob-storyboard@example.com");
  clip = makeClip("storyboard", { seconds: 6 }); // red 0–2 s, green 2–4 s, blue 4–6 s
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
  jobId = await registerClip(alice, clip);
  video = await processClip(alice, jobId);
}, 180_000);

afterAll(async () => {
  await runner?.stop();
  await server?.close();
});

const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: "manual", ...init });
/** The client's derivation (hooks/queries/storyboard.ts does the same). */
const storyboardUrlOf = (thumbnailUrl: string) => thumbnailUrl.replace("/api/playback/thumbnail/", "/api/playback/storyboard/");
const withToken = (url: string, token: string | null) => {
  const u = new URL(url);
  if (token === null) u.searchParams.delete("token");
  else u.searchParams.set("token", token);
  return u.toString();
};

interface Rgb {
  width: number;
  height: number;
  pixels: Buffer;
}

/** Decodes a JPEG to packed RGB with ffmpeg. */
function decodeJpeg(bytes: Buffer): Rgb {
  const file = path.join(scratch, `sprite-${Math.random().toString(36).slice(2)}.jpg`);
  fs.writeFileSync(file, bytes);
  const probe = execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", file]).toString().trim();
  const [width, height] = probe.split(",").map(Number);
  const pixels = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { maxBuffer: 64 << 20 });
  expect(pixels.length).toBe(width! * height! * 3);
  return { width: width!, height: height!, pixels };
}

/** The mean colour of a tile's centre (its middle half), channel by channel. */
function tileColour(sprite: Rgb, cue: Pick<StoryboardCue, "x" | "y" | "w" | "h">): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = cue.y + Math.floor(cue.h / 4); y < cue.y + Math.ceil((3 * cue.h) / 4); y++) {
    for (let x = cue.x + Math.floor(cue.w / 4); x < cue.x + Math.ceil((3 * cue.w) / 4); x++) {
      const p = (y * sprite.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += sprite.pixels[p + c]!;
      n++;
    }
  }
  return sum.map((s) => Math.round(s / n)) as [number, number, number];
}

type Named = "red" | "green" | "blue";
function dominant([r, g, b]: [number, number, number]): Named | "other" {
  if (r > 180 && g < 60 && b < 60) return "red";
  // lavfi's "green" is #008000
  if (g > 90 && r < 60 && b < 60) return "green";
  if (b > 180 && r < 60 && g < 60) return "blue";
  return "other";
}

const EXPECTED: [number, Named][] = [
  [0.5, "red"],
  [1.5, "red"],
  [2.5, "green"],
  [3.5, "green"],
  [4.5, "blue"],
  [5.5, "blue"],
];

function expectTilesMatchClip(cues: StoryboardCue[], sprite: Rgb) {
  for (const [t, colour] of EXPECTED) {
    const cue = cueAt(cues, t)!;
    expect(cue.start <= t && t < cue.end, `cue for ${t}s`).toBe(true);
    expect(dominant(tileColour(sprite, cue)), `tile at ${t}s: ${tileColour(sprite, cue)}`).toBe(colour);
  }
}

describe("GET /api/playback/storyboard/{job_id}", () => {
  it("is a WebVTT thumbnails track: a cue per second, each naming a 160 px tile of the image endpoint with the same token", async () => {
    const url = storyboardUrlOf(video.thumbnail_url);
    expect(url).toMatch(new RegExp(`^${server.url}/api/playback/storyboard/${jobId}\\?token=`));
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const text = await res.text();
    expect(text.startsWith("WEBVTT\n")).toBe(true);
    expect(text).toContain("00:00:00.000 --> 00:00:01.000\n");
    const cues = parseStoryboardVtt(text);
    expect(cues).toHaveLength(6);
    const token = new URL(video.thumbnail_url).searchParams.get("token")!;
    const imageUrl = `${server.url}/api/playback/storyboard/${jobId}/image?token=${encodeURIComponent(token)}`;
    cues.forEach((c, i) => {
      expect(c).toMatchObject({ start: i, url: imageUrl, x: i * 160, y: 0, w: 160, h: 90 });
      expect(c.end).toBeCloseTo(i === 5 ? video.duration : i + 1, 3);
    });
    // The stored track names its sprite relatively.
    const stored = (await getStorage().getBytes(storyboardVttKey(alice.user_id, jobId))).toString();
    expect(stored).toContain("\nstoryboard.jpg#xywh=0,0,160,90\n");
    expect(stored).not.toContain("http");
  });

  it("the image endpoint 302s to a JPEG sprite whose tiles show the clip at their cue's time", async () => {
    const cues = parseStoryboardVtt(await (await get(storyboardUrlOf(video.thumbnail_url))).text());
    const res = await get(cues[0]!.url);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toContain(`/api/storage/object/results/${alice.user_id}/${jobId}/storyboard.jpg?`);
    const image = await fetch(location);
    expect(image.status).toBe(200);
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(bytes.length).toBeLessThan(100_000);
    const sprite = decodeJpeg(bytes);
    expect([sprite.width, sprite.height]).toEqual([6 * 160, 90]);
    expectTilesMatchClip(cues, sprite);
  });

  it("the run recorded how it was made: from the decode pass's stills (no decode of its own)", async () => {
    const db = await getDb();
    const { runSteps, processingRuns } = await import("@/db/schema");
    const [run] = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId));
    const steps = await db.select().from(runSteps).where(eq(runSteps.runId, run!.id));
    // made in the thumbnail step, alongside the thumbnail
    const step = steps.find((s) => s.name === "thumbnail")!;
    expect(step.output).toMatchObject({
      key: `results/${alice.user_id}/${jobId}/thumbnail.jpg`,
      storyboard: { storyboard: { interval: 1, frames: 6, columns: 6, tileWidth: 160, tileHeight: 90, strategy: "stills" } },
    });
    expect((step.output as any).storyboard.note).toBeUndefined();
  });
});

describe("every decode strategy", () => {
  /** A 6 s red/green/blue clip (25 fps) with a keyframe every `gop` frames only, and B-frames. */
  function keyframedClip(gop: number): string {
    const out = path.join(scratch, `keyframes-every-${gop}.mp4`);
    if (!fs.existsSync(out)) {
      const inputs = ["red", "green", "blue"].flatMap((c) => ["-f", "lavfi", "-i", `color=c=${c}:s=320x180:r=25:d=2`]);
      execFileSync("ffmpeg", [
        "-v", "error", "-y", ...inputs, "-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]",
        "-c:v", "libx264", "-preset", "veryfast", "-bf", "3", "-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", "-pix_fmt", "yuv420p", out,
      ]);
    }
    return out;
  }

  async function renderFor(file: string, strategies?: ("keyframes" | "reference" | "all")[]) {
    const owner = `strategy-${Math.random().toString(36).slice(2, 8)}`;
    const key = `users/${owner}/${path.basename(file)}`;
    await getStorage().putFile(key, file, "video/mp4");
    const media = await probeMedia(file);
    const job = crypto.randomUUID();
    const shared = new SharedMedia(job, key, media);
    try {
      const info = await renderStoryboard({ shared, userId: owner, jobId: job, strategies });
      const cues = parseStoryboardVtt((await getStorage().getBytes(storyboardVttKey(owner, job))).toString());
      const sprite = decodeJpeg(await getStorage().getBytes(storyboardImageKey(owner, job)));
      return { info: info!, cues, sprite };
    } finally {
      shared.cleanup();
    }
  }

  it("a full decode (tiles from the middle of each second)", async () => {
    const { info, cues, sprite } = await renderFor(clip, ["all"]);
    expect(info.strategy).toBe("all");
    expect(cues).toHaveLength(6);
    expectTilesMatchClip(cues, sprite);
  });

  it("keyframes every 2 s: keyframes only, 2 s apart", async () => {
    const { info, cues, sprite } = await renderFor(keyframedClip(50));
    expect(info).toMatchObject({ strategy: "keyframes", interval: 2, frames: 3 });
    expect(cues.map((c) => [c.start, c.x])).toEqual([[0, 0], [2, 160], [4, 320]]);
    expectTilesMatchClip(cues, sprite);
  });

  it("keyframes too sparse for the cues: reference frames, 1 s apart", async () => {
    const { info, cues, sprite } = await renderFor(keyframedClip(1000));
    expect(info).toMatchObject({ strategy: "reference", interval: 1 });
    expect(cues).toHaveLength(6);
    expectTilesMatchClip(cues, sprite);
  });

  it("a storyboard that cannot be made is a note, not an error", async () => {
    const media = await probeMedia(clip);
    const shared = new SharedMedia(crypto.randomUUID(), "users/nobody/missing.mp4", media);
    const out = await storyboardStep({ shared, userId: "nobody", jobId: shared.jobId });
    shared.cleanup();
    expect(out.storyboard).toBeNull();
    expect(out.note).toMatch(/^No storyboard \(moment previews\) was made: /);
  });
});

describe("without a valid token", () => {
  it("the track and the image are 404 Video not found", async () => {
    const otherJob = await registerClip(alice, clip);
    const good = new URL(video.thumbnail_url).searchParams.get("token")!;
    const tampered = good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA");
    const tokens: [string, string | null][] = [
      ["missing", null],
      ["empty", ""],
      ["garbage", "garbage"],
      ["expired", signPlaybackToken(jobId, Date.now() - 8 * 3600_000)],
      ["tampered", tampered],
      ["another video's", signPlaybackToken(otherJob)],
    ];
    const track = storyboardUrlOf(video.thumbnail_url);
    const image = `${server.url}/api/playback/storyboard/${jobId}/image?token=${good}`;
    expect((await get(image)).status).toBe(302);
    for (const [what, token] of tokens) {
      for (const url of [track, image]) {
        const res = await get(withToken(url, token));
        expect(res.status, `${what}: ${url}`).toBe(404);
        expect(await res.json()).toEqual({ detail: "Video not found" });
      }
    }
    for (const url of [
      `${server.url}/api/playback/storyboard/not-a-uuid?token=${good}`,
      `${server.url}/api/playback/storyboard/123/image?token=${good}`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect((await res.json()).detail).toBe("Video not found");
    }
  });

  it("another user's token does not open this user's storyboard, nor does an API key", async () => {
    const bobJob = await registerClip(bob, clip);
    const bobVideo = (await call("GET", `/videos/${bobJob}`, { auth: bob.api_key })).body;
    const bobToken = new URL(bobVideo.thumbnail_url).searchParams.get("token")!;
    for (const url of [storyboardUrlOf(video.thumbnail_url), `${server.url}/api/playback/storyboard/${jobId}/image?token=x`]) {
      expect((await get(withToken(url, bobToken))).status).toBe(404);
      const keyed = await get(withToken(url, null), { headers: { authorization: alice.api_key } });
      expect(keyed.status).toBe(404);
    }
  });

  it("other methods are 405", async () => {
    const res = await fetch(storyboardUrlOf(video.thumbnail_url), { method: "POST" });
    expect(res.status).toBe(405);
  });
});

describe("before a run made one", () => {
  it("a registered video's track and image are 404 File not found", async () => {
    const freshJob = await registerClip(alice, clip);
    const fresh = (await call("GET", `/videos/${freshJob}`, { auth: alice.api_key })).body;
    const token = new URL(fresh.thumbnail_url).searchParams.get("token")!;
    for (const url of [storyboardUrlOf(fresh.thumbnail_url), `${server.url}/api/playback/storyboard/${freshJob}/image?token=${token}`]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ detail: "File not found" });
    }
  });
});

describe("a video without a video stream", () => {
  it("completes without a storyboard (and without a note about it)", async () => {
    const audioJob = await registerClip(alice, clip);
    // The stored file becomes audio only (its recorded size too, so starting does not re-probe it).
    const audio = path.join(scratch, "audio-only.m4a");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=16000:duration=3", "-c:a", "aac", audio]);
    const db = await getDb();
    const [row] = await db.select().from(videos).where(eq(videos.jobId, audioJob));
    await getStorage().putFile(row!.storagePath, audio, "video/mp4");
    await db.update(videos).set({ fileSize: fs.statSync(audio).size }).where(eq(videos.jobId, audioJob));

    const done = await processClip(alice, audioJob);
    const res = await get(storyboardUrlOf(done.thumbnail_url));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "File not found" });
    expect(await getStorage().stat(storyboardImageKey(alice.user_id, audioJob))).toBeNull();
    const notifications = await call("GET", "/notifications?limit=100", { auth: alice.api_key });
    const message = notifications.body.map((n: any) => n.message).join("\n");
    expect(message).toContain("Shots left a note: The file has no video stream");
    expect(message).not.toContain("No storyboard");
  });
});
