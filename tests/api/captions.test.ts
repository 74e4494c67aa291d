// The transcript as a WebVTT captions track behind a playback token: reachable from a video's
// thumbnail_url and from a shared report's (no Authorization), 404 without a valid token or
// without a transcript.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { dispatch } from "../helpers/routes";
import { addEmbeddedVideo } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("captions");

let alice: TestUser;
let talk: { jobId: string };
let silent: { jobId: string };

beforeAll(async () => {
  alice = await makeUser("captions@example.com");
  talk = await addEmbeddedVideo(
    alice,
    [
      { module: "transcription", start: 1.5, end: 4, content: "Welcome to the bakery" },
      { module: "logos", start: 2, end: 3, content: "Acme Flour" },
      { module: "transcription", start: 65, end: 68.25, content: "Now we fold --> the dough" },
    ],
    { name: "Talk.mp4", duration: 90, segmentSeconds: 2, metadata: null },
  );
  silent = await addEmbeddedVideo(alice, [{ module: "logos", start: 1, content: "Acme" }], { duration: 10, segmentSeconds: 2, metadata: null });
});

const get = (url: string) => dispatch(new Request(url.replace(/^https?:\/\/[^/]+/, "http://localhost"), { method: "GET" }));
const captionsUrl = (thumbnailUrl: string) => thumbnailUrl.replace("/playback/thumbnail/", "/playback/captions/");

describe("GET /api/playback/captions/{job_id}", () => {
  it("serves the transcript's cues as WebVTT with the token of thumbnail_url", async () => {
    const video = await call("GET", `/videos/${talk.jobId}`, { auth: alice.api_key });
    expect(video.status).toBe(200);
    const res = await get(captionsUrl(video.body.thumbnail_url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await res.text()).toBe(
      "WEBVTT\n\n00:00:01.500 --> 00:00:04.000\nWelcome to the bakery\n\n00:01:05.000 --> 00:01:08.250\nNow we fold -&gt; the dough\n",
    );
  });

  it("is reachable from a shared report's URLs, without signing in", async () => {
    const share = await call("POST", `/videos/${talk.jobId}/share`, { auth: alice.api_key });
    expect(share.status).toBe(201);
    const report = await call("GET", `/shared-reports/${share.body.share_hash}`);
    expect(report.status).toBe(200);
    const res = await get(captionsUrl(report.body.thumbnail_url));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Welcome to the bakery");
  });

  it("404 without a valid token, and File not found without a transcript", async () => {
    const video = await call("GET", `/videos/${talk.jobId}`, { auth: alice.api_key });
    const url = new URL(captionsUrl(video.body.thumbnail_url));
    for (const token of ["", "123.abc", url.searchParams.get("token")!.slice(0, -2) + "xx"]) {
      url.searchParams.set("token", token);
      const res = await get(url.toString());
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: "Video not found" });
    }
    const other = await call("GET", `/videos/${silent.jobId}`, { auth: alice.api_key });
    const none = await get(captionsUrl(other.body.thumbnail_url));
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ detail: "File not found" });
  });
});
