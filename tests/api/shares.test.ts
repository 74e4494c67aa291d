// Shared reports: create (201) or return (200) the share of a video, read it without
// authentication (no user ids, storage paths or keys), revoke it, and lose it with the video.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { sharedReports } from "@/db/schema";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

useApiTestEnv("shares");
process.env.APP_URL = "https://video.example.com";

let alice: TestUser;
let bob: TestUser;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("alice-shares@example.com");
  bob = await makeUser("bob-shares@example.com");
  clip = makeClip("shares", { seconds: 2 });
});

/** A registered video with a few segments of two modules, written as a run would. */
async function analyzedVideo(user: TestUser): Promise<{ jobId: string; video: any }> {
  const jobId = await registerClip(user, clip);
  const video = (await call("GET", `/videos/${jobId}`, { auth: user.api_key })).body;
  await insertSegments(await getDb(), [
    { videoId: video.id, jobId, userId: user.user_id, module: "shots", content: "Shot 1", startTime: 0, endTime: 1, metadata: '{"provider":"local","method":"test"}' },
    { videoId: video.id, jobId, userId: user.user_id, module: "shots", content: "Shot 2", startTime: 1, endTime: 2, metadata: null },
    { videoId: video.id, jobId, userId: user.user_id, module: "transcription", content: "Hello there", startTime: 0.2, endTime: 1.5, metadata: null },
  ]);
  return { jobId, video };
}

const share = (user: TestUser, jobId: string) => call("POST", `/videos/${jobId}/share`, { auth: user.api_key });
const report = (hash: string) => call("GET", `/shared-reports/${hash}`);

describe("POST /api/videos/{job_id}/share", () => {
  it("201 {share_hash, url} when it creates; 200 with the same share afterwards", async () => {
    const { jobId } = await analyzedVideo(alice);
    const created = await share(alice, jobId);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["share_hash", "url"]);
    const { share_hash, url } = created.body;
    expect(share_hash).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(share_hash, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(url).toBe(`https://video.example.com/share/${share_hash}`);

    const again = await share(alice, jobId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
  });

  it("two concurrent creates make one share", async () => {
    const { jobId } = await analyzedVideo(alice);
    const [a, b] = await Promise.all([share(alice, jobId), share(alice, jobId)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.share_hash).toBe(b.body.share_hash);
  });

  it("hashes are random per video", async () => {
    const hashes = new Set<string>();
    for (let i = 0; i < 3; i++) hashes.add((await share(alice, (await analyzedVideo(alice)).jobId)).body.share_hash);
    expect(hashes.size).toBe(3);
  });

  it("404 Video not found for unknown or malformed ids; 401 without credentials", async () => {
    for (const id of [GHOST, "nope"]) {
      const res = await call("POST", `/videos/${id}/share`, { auth: alice.api_key });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    const { jobId } = await analyzedVideo(alice);
    const anon = await call("POST", `/videos/${jobId}/share`);
    expect(anon.status).toBe(401);
  });
});

describe("GET /api/videos/{job_id} shared", () => {
  it("says whether the video has an active share, so the page asks for the link only then", async () => {
    const { jobId } = await analyzedVideo(alice);
    const shared = async () => (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.shared;
    expect(await shared()).toBe(false);
    await share(alice, jobId);
    expect(await shared()).toBe(true);
    await call("DELETE", `/videos/${jobId}/share`, { auth: alice.api_key });
    expect(await shared()).toBe(false);
    // The list stays as it was (the field is the single video's).
    const list = (await call("GET", "/videos", { auth: alice.api_key })).body;
    expect(list.find((v: { job_id: string }) => v.job_id === jobId)).not.toHaveProperty("shared");
  });
});

describe("GET /api/videos/{job_id}/share", () => {
  it("404 Shared report not found before sharing and after revoking; the active share in between", async () => {
    const { jobId } = await analyzedVideo(alice);
    const before = await call("GET", `/videos/${jobId}/share`, { auth: alice.api_key });
    expect(before.status).toBe(404);
    expect(before.body.detail).toBe("Shared report not found");

    const created = (await share(alice, jobId)).body;
    const read = await call("GET", `/videos/${jobId}/share`, { auth: alice.api_key });
    expect(read.status).toBe(200);
    expect(Object.keys(read.body).sort()).toEqual(["created_at", "share_hash", "url"]);
    expect(read.body.share_hash).toBe(created.share_hash);
    expect(read.body.url).toBe(created.url);
    expect(read.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

    expect((await call("DELETE", `/videos/${jobId}/share`, { auth: alice.api_key })).status).toBe(200);
    expect((await call("GET", `/videos/${jobId}/share`, { auth: alice.api_key })).status).toBe(404);
  });

  it("404 Video not found for another user's video, unknown or malformed ids; 401 without credentials", async () => {
    const { jobId } = await analyzedVideo(alice);
    await share(alice, jobId);
    for (const id of [jobId, GHOST, "nope"]) {
      const res = await call("GET", `/videos/${id}/share`, { auth: bob.api_key });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    expect((await call("GET", `/videos/${jobId}/share`)).status).toBe(401);
  });
});

describe("GET /api/shared-reports/{share_hash}", () => {
  it("no auth: name, duration, status, created_at, segments by module and playback URLs – no user ids, paths or keys", async () => {
    const { jobId, video } = await analyzedVideo(alice);
    const { share_hash } = (await share(alice, jobId)).body;
    const res = await report(share_hash);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ["chapters", "created_at", "duration", "modules", "playback_url", "status", "stream_url", "thumbnail_url", "video_name"].sort(),
    );
    expect(res.body).toMatchObject({ video_name: video.name, duration: video.duration, status: "uploaded", created_at: video.created_at });
    expect(res.body.modules.shots.map((s: any) => s.content)).toEqual(["Shot 1", "Shot 2"]);
    expect(res.body.modules.transcription).toEqual([
      {
        id: expect.any(String),
        job_id: jobId,
        module: "transcription",
        content: "Hello there",
        start_time: 0.2,
        end_time: 1.5,
        metadata: null,
        created_at: expect.any(String),
      },
    ]);
    expect(res.body.modules.shots[0].metadata).toBe('{"provider":"local","method":"test"}');
    for (const field of ["thumbnail_url", "stream_url", "playback_url"]) {
      expect(res.body[field]).toMatch(/^https:\/\/video\.example\.com\/api\/playback\/.*token=/);
    }
    expect(res.text).not.toContain(alice.user_id);
    expect(res.text).not.toContain(video.storage_path);
    expect(res.text).not.toContain("users/");
    expect(res.text).not.toContain("svc_live_");
    expect(res.text).not.toContain("user_id");
    // …and a credential on the request changes nothing
    expect((await call("GET", `/shared-reports/${share_hash}`, { auth: bob.api_key })).body).toEqual(res.body);
  });

  it("chapters: the owner's, covering the video, with the titles the owner edited", async () => {
    const { jobId, video } = await analyzedVideo(alice);
    const { share_hash } = (await share(alice, jobId)).body;
    const own = (await call("GET", `/videos/${jobId}/chapters`, { auth: alice.api_key })).body;
    expect(own.length).toBeGreaterThan(0);
    const before = await report(share_hash);
    expect(before.body.chapters).toEqual(own);
    expect(before.body.chapters[0].start).toBe(0);
    expect(before.body.chapters.at(-1).end).toBeCloseTo(video.duration, 3);
    expect(before.body.chapters[0].edited).toBe(false);

    const edited = await call("PATCH", `/videos/${jobId}/chapters/0`, { auth: alice.api_key, body: { title: "Greetings at the door", summary: "Someone says hello" } });
    expect(edited.status).toBe(200);
    const after = await report(share_hash);
    expect(after.body.chapters[0]).toMatchObject({ index: 0, start: 0, title: "Greetings at the door", summary: "Someone says hello", edited: true });
    expect(after.body.chapters).toEqual((await call("GET", `/videos/${jobId}/chapters`, { auth: alice.api_key })).body);
  });

  it("404 Shared report not found for unknown, malformed and revoked hashes", async () => {
    for (const hash of ["A".repeat(32), "short", "x".repeat(300), "not*a*hash*at*all*really*no"]) {
      const res = await report(hash);
      expect(res.status, hash).toBe(404);
      expect(res.body.detail).toBe("Shared report not found");
    }
  });
});

describe("DELETE /api/videos/{job_id}/share", () => {
  it("revokes: the hash stops working, a second revoke is 404, a new share gets a new hash", async () => {
    const { jobId } = await analyzedVideo(alice);
    const first = (await share(alice, jobId)).body.share_hash;
    const res = await call("DELETE", `/videos/${jobId}/share`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await report(first)).status).toBe(404);
    const again = await call("DELETE", `/videos/${jobId}/share`, { auth: alice.api_key });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("Shared report not found");
    const renewed = await share(alice, jobId);
    expect(renewed.status).toBe(201);
    expect(renewed.body.share_hash).not.toBe(first);
    expect((await report(renewed.body.share_hash)).status).toBe(200);
  });

  it("404 Shared report not found for a video never shared; 404 Video not found for an unknown video", async () => {
    const { jobId } = await analyzedVideo(alice);
    const res = await call("DELETE", `/videos/${jobId}/share`, { auth: alice.api_key });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Shared report not found");
    const ghost = await call("DELETE", `/videos/${GHOST}/share`, { auth: alice.api_key });
    expect(ghost.status).toBe(404);
    expect(ghost.body.detail).toBe("Video not found");
  });
});

describe("deleting the video", () => {
  it("deletes its share", async () => {
    const { jobId, video } = await analyzedVideo(alice);
    const { share_hash } = (await share(alice, jobId)).body;
    expect((await call("DELETE", `/videos/${jobId}`, { auth: alice.api_key })).status).toBe(200);
    expect((await report(share_hash)).status).toBe(404);
    const rows = await (await getDb()).select().from(sharedReports).where(eq(sharedReports.videoId, video.id));
    expect(rows).toEqual([]);
  });
});

describe("a second user", () => {
  it("cannot create, see or revoke the first user's shares", async () => {
    const { jobId } = await analyzedVideo(alice);
    const { share_hash } = (await share(alice, jobId)).body;
    for (const method of ["POST", "DELETE"]) {
      const res = await call(method, `/videos/${jobId}/share`, { auth: bob.api_key });
      expect(res.status, method).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    expect((await report(share_hash)).status).toBe(200);
    expect((await share(alice, jobId)).body.share_hash).toBe(share_hash);
    // bob's own listings show nothing of alice's
    const dash = await call("GET", "/dashboard", { auth: bob.api_key });
    expect(dash.text).not.toContain(jobId);
  });
});
