// Playback in the browser: a clip is uploaded and processed through the API, then a page plays the
// `stream_url` of its VideoResponse with hls.js in a <video> element (Chromium has no native HLS)
// until the element fires `playing` and time advances. The page is served by Playwright on the
// app's own origin (the origin of stream_url), as the results page will be.
import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { createUser, uniqueEmail } from "./support/cli";
import { makeClip, processClip } from "./support/clips";

const require = createRequire(import.meta.url);
const HLS_JS = require.resolve("hls.js/dist/hls.min.js");

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
  const job_id = await processClip(user.api_key, makeClip("playback", { subtitles: false }), { modules: ["shots"], timeoutMs: 120_000 });

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
