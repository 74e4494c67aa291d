// Make a clip from a search hit in a browser: a clip with a transcript is processed through the
// API, the search page finds "green", "Make a clip" turns the hit into a clip, the clips page
// shows it being cut and then ready (a player, a download link, a share link), and the share link
// plays the MP4 without signing in.
import { expect, test } from "@playwright/test";
import { SearchPage } from "./pages/search-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";

interface ClipBody {
  status: string;
  duration: number;
  stream_url: string;
  ranges: { job_id: string; start: number; end: number }[];
}

const GREEN = CLIP_SUBTITLES[1]; // "Now everything is green", from 2.2 s

test("a search hit becomes a playable, shareable clip", async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const user = createUser({ email: uniqueEmail("clips"), name: "Cleo Clips" });
  const file = makeClip(`clip-colours-${testInfo.project.name}`);
  const jobId = await processClip(user.api_key, file, { modules: ["transcription"], timeoutMs: 240_000 });

  await signInAs(page, user.api_key);

  const search = new SearchPage(page);
  await search.goto();
  await search.search("green");
  const hit = search.hits.first();
  await expect(hit).toContainText(GREEN!.text);
  await expect(hit).toHaveAttribute("data-job-id", jobId);
  const hitCount = await search.hits.count();
  expect(hitCount).toBeGreaterThan(0);

  await page.getByTestId("make-clip-from-search").click();
  await expect(page).toHaveURL(/\/clips\?clip=[0-9a-f-]{36}$/);
  const clipId = new URL(page.url()).searchParams.get("clip")!;
  const row = page.locator(`[data-clip-id="${clipId}"]`);
  await expect(row.getByTestId("clip-title")).toHaveText("Highlights: green");
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(row.getByTestId("clip-status")).toHaveText("Ready");
  await expect(row.getByRole("link", { name: "Download" })).toBeVisible();
  // Sharing is a revocable share made on request (issue 35): Share, then its link can be copied.
  await row.getByRole("button", { name: /^Share / }).click();
  await expect(row.getByRole("button", { name: /Copy the share link/ })).toBeVisible();

  // The player loads the clip (its metadata arrives: the stream URL works in the browser).
  const player = row.getByTestId("clip-player");
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const shown = await player.evaluate((v: HTMLVideoElement) => v.duration);

  // The API agrees: the hit's moment, padded by a second on each side, as one range.
  const clip = await api(user.api_key)<ClipBody>("GET", `/clips/${clipId}`);
  expect(clip.status).toBe("completed");
  expect(clip.ranges.length).toBeGreaterThan(0);
  expect(clip.ranges[0]!.job_id).toBe(jobId);
  const sum = clip.ranges.reduce((s, r) => s + r.end - r.start, 0);
  expect(Math.abs(clip.duration - sum)).toBeLessThanOrEqual(0.1 * clip.ranges.length);
  expect(Math.abs(shown - sum)).toBeLessThanOrEqual(0.1 * clip.ranges.length);

  // The share link plays without credentials.
  const shared = await request.get(clip.stream_url);
  expect(shared.status()).toBe(200);
  expect(shared.headers()["content-type"]).toContain("video/mp4");
  expect((await shared.body()).length).toBeGreaterThan(1000);
});
