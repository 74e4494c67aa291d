// Segments, results views and downloadable reports of a video.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { getVideoByJobId } from "@/db/queries/videos";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

useApiTestEnv("results");

let alice: TestUser;
let bob: TestUser;
let jobId: string;
const tricky = 'He said "hi", then\nleft, twice';

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
  jobId = await registerClip(alice, makeClip("results", { seconds: 4 }), "My video, final.mp4");
  const db = await getDb();
  const video = (await getVideoByJobId(db, { userId: alice.user_id, jobId }))!;
  const seg = (module: string, start: number, end: number, content: string) => ({
    videoId: video.id, jobId, userId: alice.user_id, module, startTime: start, endTime: end, content,
    metadata: JSON.stringify({ provider: "local", method: "test-fixture" }),
  });
  await insertSegments(db, [
    seg("transcription", 2.5, 3.5, "second line"),
    seg("transcription", 0.5, 1.25, tricky),
    seg("shots", 0, 2, "Shot 1"),
    seg("shots", 2, 4, "Shot 2"),
    seg("scenes", 0, 4, "Scene 1"),
  ]);
});

describe("GET /api/videos/{job_id}/segments", () => {
  it("orders by start_time and filters by module", async () => {
    const all = await call("GET", `/videos/${jobId}/segments`, { auth: alice.api_key });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(5);
    const starts = all.body.map((s: any) => s.start_time);
    expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b));
    const shots = await call("GET", `/videos/${jobId}/segments?module=shots`, { auth: alice.api_key });
    expect(shots.body.map((s: any) => s.content)).toEqual(["Shot 1", "Shot 2"]);
    expect(Object.keys(shots.body[0]).sort()).toEqual(["content", "created_at", "end_time", "id", "job_id", "metadata", "module", "start_time"]);
    const bad = await call("GET", `/videos/${jobId}/segments?module=nope`, { auth: alice.api_key });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^module: must be one of/);
  });
});

describe("results views", () => {
  it("GET /api/results/job/{job_id} has the segments and one key per module", async () => {
    const res = await call("GET", `/results/job/${jobId}`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ job_id: jobId, video_name: "My video, final.mp4", status: "uploaded" });
    expect(res.body.segments).toHaveLength(5);
    expect(res.body.transcription).toHaveLength(2);
    expect(res.body.shots).toHaveLength(2);
    expect(res.body.logos).toEqual([]);
  });

  it("GET /api/aggregated_results/{job_id} groups by module", async () => {
    const res = await call("GET", `/aggregated_results/${jobId}`, { auth: alice.api_key });
    expect(res.body.total_segments).toBe(5);
    expect(Object.keys(res.body.modules).sort()).toEqual(["scenes", "shots", "transcription"]);
  });

  it("GET /api/scene_grouping/{job_id} holds only its four modules", async () => {
    const res = await call("GET", `/scene_grouping/${jobId}`, { auth: alice.api_key });
    expect(Object.keys(res.body.modules).sort()).toEqual(["grouped_shots", "scenes", "shots", "video_reasoning"]);
    expect(res.body.total_segments).toBe(3);
  });
});

describe("downloads", () => {
  it("combined report is a JSON attachment with every segment", async () => {
    const res = await call("GET", `/download/combined-report/${jobId}`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="My_video_final-report\.json"/);
    expect(res.body.modules.transcription).toHaveLength(2);
    expect(res.body).toMatchObject({ job_id: jobId, video_name: "My video, final.mp4" });
    expect(res.body.generated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
  });

  it("CSV quotes commas, quotes and newlines (RFC 4180)", async () => {
    const res = await call("GET", `/download/report/${jobId}?module=transcription&format=csv`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/filename="My_video_final-transcription\.csv"/);
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe("id,job_id,module,start_time,end_time,content,metadata,created_at");
    expect(res.text).toContain(`,0.5,1.25,"He said ""hi"", then\nleft, twice","{""provider"":""local"",""method"":""test-fixture""}",`);
  });

  it("JSON by default, SRT and WebVTT for subtitles, 400 without module", async () => {
    const json = await call("GET", `/download/report/${jobId}?module=shots`, { auth: alice.api_key });
    expect(json.body.map((s: any) => s.content)).toEqual(["Shot 1", "Shot 2"]);
    const srt = await call("GET", `/download/report/${jobId}?module=transcription&format=srt`, { auth: alice.api_key });
    expect(srt.text).toContain("1\n00:00:00,500 --> 00:00:01,250\nHe said");
    const vtt = await call("GET", `/download/report/${jobId}?module=transcription&format=vtt`, { auth: alice.api_key });
    expect(vtt.text.startsWith("WEBVTT\n\n00:00:00.500 --> 00:00:01.250\n")).toBe(true);
    const missing = await call("GET", `/download/report/${jobId}`, { auth: alice.api_key });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("module: is required");
    const fmt = await call("GET", `/download/report/${jobId}?module=shots&format=xml`, { auth: alice.api_key });
    expect(fmt.status).toBe(400);
  });

  it("another user gets 404 Video not found for every view", async () => {
    for (const p of [`/aggregated_results/${jobId}`, `/scene_grouping/${jobId}`, `/download/combined-report/${jobId}`, `/download/report/${jobId}?module=shots`]) {
      const res = await call("GET", p, { auth: bob.api_key });
      expect(res.status, p).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
  });
});
