// Captions: a processed clip with speech (its subtitle track) shows its transcript as a captions
// track that is on by default, in the results player and on the public share page; the transcript
// panel marks the line being spoken and seeks the player when a line is clicked.
import { expect, test, type Locator } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

/** The captions track's mode and its cues' texts, once loaded. */
const captions = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => {
    const t = [...v.textTracks].find((x) => x.kind === "captions");
    return t ? { mode: t.mode, cues: [...(t.cues ?? [])].map((c) => (c as VTTCue).text) } : null;
  });

test("captions on by default and a transcript panel that follows and seeks", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("captions"), name: "Cara Captions" });
  const clipName = `captions-clip-${testInfo.project.name}`;
  const jobId = await processClip(user.api_key, makeClip(clipName), { modules: ["transcription"] });

  await signInAs(page, user.api_key);
  await page.goto(`/videos/${jobId}`);
  const results = new ResultsPage(page);
  await results.waitForMedia();
  await expect.poll(() => captions(results.video), { timeout: 20_000 }).toEqual({ mode: "showing", cues: CLIP_SUBTITLES.map((s) => s.text) });

  const panel = page.getByTestId("transcript-panel");
  await expect(panel.getByRole("button")).toHaveCount(CLIP_SUBTITLES.length);
  // A line's click seeks to its start and plays from there. Where the seek lands is read at its own
  // "seeked" event, not by sampling a clock that keeps running (a slow machine sampled past the window).
  // The clip ends 1.8 s after that line starts, so the listener also pauses there to hold the moment.
  await results.video.evaluate((v: HTMLVideoElement) => {
    v.addEventListener("seeked", () => {
      v.setAttribute("data-seeked-to", String(v.currentTime));
      v.setAttribute("data-playing-at-seek", String(!v.paused));
      v.pause();
    }, { once: true });
  });
  await panel.getByRole("button", { name: new RegExp(CLIP_SUBTITLES[2].text) }).click();
  const start = CLIP_SUBTITLES[2].start;
  await expect.poll(() => results.video.getAttribute("data-seeked-to").then(Number), { timeout: 15_000 }).toBeCloseTo(start, 0);
  expect(await results.video.getAttribute("data-playing-at-seek")).toBe("true");
  await expect(panel.locator('li[aria-current="true"]')).toContainText(CLIP_SUBTITLES[2].text);
  await snap(page, testInfo, "80-captions-results", { fullPage: false });

  // The public share page: the same track, reached with the share's playback token.
  const share = await api(user.api_key)<{ url: string; share_hash: string }>("POST", `/videos/${jobId}/share`);
  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/share/${share.share_hash}`);
  const shared = new ResultsPage(visitor);
  await shared.waitForMedia();
  const sharedVideo = shared.video;
  await expect.poll(() => captions(sharedVideo), { timeout: 30_000 }).toEqual({ mode: "showing", cues: CLIP_SUBTITLES.map((s) => s.text) });
  await expect(visitor.getByTestId("transcript-panel").getByRole("button")).toHaveCount(CLIP_SUBTITLES.length);
  await visitorContext.close();
});
