// Playback in the browser: a clip is uploaded and processed through the API, then a page plays the
// `stream_url` of its VideoResponse with hls.js in a <video> element (Chromium has no native HLS)
// until the element fires `playing` and time advances. The page is served by Playwright on the
// app's own origin (the origin of stream_url), as the results page will be.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { createUser, uniqueEmail } from "./support/cli";

const require = createRequire(import.meta.url);
const HLS_JS = require.resolve("hls.js/dist/hls.min.js");

/** The bytes of a 6-second H.264/AAC clip of colour blocks (a cut every 2 s). */
function makeClip(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-clip-"));
  const out = path.join(dir, "playback.mp4");
  const args = ["-v", "error", "-y"];
  for (const c of ["red", "green", "blue"]) args.push("-f", "lavfi", "-i", `color=c=${c}:s=320x180:r=25:d=2`);
  args.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=6");
  args.push("-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]", "-map", "3:a");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac", out);
  try {
    execFileSync("ffmpeg", args);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function playerPage(streamUrl: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Playback test</title></head>
<body>
<video id="player" muted playsinline controls width="320" height="180"></video>
<script src="/__e2e/hls.min.js"></script>
<script>
  window.__playback = { events: [], error: null };
  const video = document.getElementById("player");
  for (const name of ["loadedmetadata", "canplay", "playing", "timeupdate", "error"]) {
    video.addEventListener(name, () => window.__playback.events.push(name));
  }
  if (!window.Hls || !Hls.isSupported()) {
    window.__playback.error = "hls.js is not supported in this browser";
  } else {
    const hls = new Hls();
    hls.on(Hls.Events.ERROR, (_e, data) => { if (data.fatal) window.__playback.error = data.type + ": " + data.details; });
    hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch((e) => { window.__playback.error = String(e); }));
    hls.loadSource(${JSON.stringify(streamUrl)});
    hls.attachMedia(video);
  }
</script>
</body></html>`;
}

test("a processed video plays from its stream_url in a <video> element (hls.js)", async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = createUser({ email: uniqueEmail("playback"), name: "Pat Playback" });
  const auth = { Authorization: user.api_key };

  // Upload through a presigned URL, register and process (shots) in one call.
  const target = await request.post("/api/storage/upload-url", { headers: auth, data: { file_name: "playback.mp4" } });
  expect(target.status()).toBe(200);
  const { upload_url, file_path } = await target.json();
  const put = await request.put(upload_url, { headers: { "Content-Type": "video/mp4" }, data: makeClip() });
  expect(put.status()).toBe(200);
  const queued = await request.post("/api/videos/register-and-process", {
    headers: auth,
    data: { storage_path: file_path, modules: ["shots"] },
  });
  expect(queued.status(), await queued.text()).toBe(200);
  const { job_id } = await queued.json();
  await expect
    .poll(async () => (await (await request.get(`/api/processing/${job_id}/status`, { headers: auth })).json()).status, {
      timeout: 120_000,
      intervals: [250, 500, 1000],
    })
    .toBe("completed");

  const video = await (await request.get(`/api/videos/${job_id}`, { headers: auth })).json();
  const streamUrl: string = video.stream_url;
  expect(streamUrl).toContain(`/api/playback/stream/${job_id}?token=`);
  // No credentials are needed to reach the stream: the token is the grant.
  expect((await request.head(streamUrl)).status()).toBe(200);

  // The test page lives on the stream's origin, like the app's own results page.
  const origin = new URL(streamUrl).origin;
  await page.route(`${origin}/__e2e/player`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: playerPage(streamUrl) }),
  );
  await page.route(`${origin}/__e2e/hls.min.js`, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: fs.readFileSync(HLS_JS, "utf8") }),
  );
  await page.goto(`${origin}/__e2e/player`);

  const state = () => page.evaluate(() => (window as unknown as { __playback: { events: string[]; error: string | null } }).__playback);
  await expect
    .poll(async () => {
      const s = await state();
      if (s.error) throw new Error(`playback failed: ${s.error} (events: ${s.events.join(", ")})`);
      return s.events.includes("playing");
    }, { timeout: 30_000 })
    .toBe(true);
  await expect
    .poll(() => page.evaluate(() => (document.getElementById("player") as HTMLVideoElement).currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  const media = await page.evaluate(() => {
    const v = document.getElementById("player") as HTMLVideoElement;
    return { duration: v.duration, width: v.videoWidth, height: v.videoHeight };
  });
  expect(media.duration).toBeCloseTo(6, 0);
  expect(media).toMatchObject({ width: 320, height: 180 });
});
