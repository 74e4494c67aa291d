// Issue 35 items 9 and 10, as a person meets them: an import refusal in words and a failed
// import's reason on the page; transcript lines and chapters that play (not only seek); on a
// phone, timeline blocks big enough for a finger and a clip card that says "touch", not "drag".
import { expect, test } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { makeClip, processClip } from "./support/clips";

test("import refusals and failures are said in words on the page", async ({ page }) => {
  test.setTimeout(120_000);
  const user = createUser({ email: uniqueEmail("import-words"), name: "Ivo Import" });
  await signInAs(page, user.api_key);
  await page.goto("/upload");
  const url = page.getByRole("textbox", { name: "Video URL" });
  const submit = page.getByRole("button", { name: "Import and analyze" });

  await url.fill("ftp://example.com/video.mp4");
  await submit.click();
  await expect(page.getByText("Only links that start with http:// or https:// can be imported.")).toBeVisible();
  await expect(page.getByText(/url: must/)).toHaveCount(0);

  // A host that does not exist: the import fails, and the page says why, where it is listed.
  await url.fill("http://no-such-host.invalid/video.mp4");
  await submit.click();
  const item = page.getByTestId("import-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Failed", { timeout: 60_000 });
  await expect(item).toContainText(/no-such-host\.invalid was not found/);
  await page.goto("/videos");
  const row = page.getByTestId("video-row").filter({ hasText: "video.mp4" });
  await expect(row).toContainText(/was not found/);
  await expect(row).not.toContainText("0 B");
  await page.goto("/dashboard");
  await expect(page.getByTestId("recent-video").filter({ hasText: "video.mp4" })).toContainText(/was not found/);
});

test("transcript lines and chapters play from their time", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("play-links"), name: "Pat Play" });
  const jobId = await processClip(user.api_key, makeClip(`play-links-${testInfo.project.name}`), { modules: ["shots", "transcription"] });
  await signInAs(page, user.api_key);
  await page.goto(`/videos/${jobId}`);
  const results = new ResultsPage(page);
  await results.waitForMedia();
  const paused = () => results.video.evaluate((v: HTMLVideoElement) => v.paused);

  await page.getByTestId("transcript-panel").getByRole("button", { name: /Now everything is green/ }).click();
  await expect.poll(paused).toBe(false);
  expect(await results.currentTime()).toBeGreaterThanOrEqual(2.2);
  await results.video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect.poll(paused).toBe(true);

  const chapter = page.getByTestId("chapter-list").getByRole("button").first();
  await chapter.click();
  await expect.poll(paused).toBe(false);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("timeline blocks are big enough for a finger; the clip card says touch", async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const user = createUser({ email: uniqueEmail("phone-taps"), name: "Tia Touch" });
    const jobId = await processClip(user.api_key, makeClip(`phone-taps-${testInfo.project.name}`), { modules: ["shots", "transcription"] });
    await signInAs(page, user.api_key);
    await page.goto(`/videos/${jobId}`);
    const results = new ResultsPage(page);
    const blocks = results.blocks("shots");
    await expect(blocks).toHaveCount(3);
    const boxes = await Promise.all((await results.timeline.getByRole("button").all()).map((b) => b.boundingBox()));
    expect(boxes.length).toBeGreaterThan(3);
    for (const box of boxes) {
      expect(box!.height).toBeGreaterThanOrEqual(24);
      expect(box!.width).toBeGreaterThanOrEqual(24);
    }
    const card = page.getByRole("region", { name: "Make a clip" });
    await expect(card).toContainText("Touch and drag along the timeline's ruler");
    await expect(card).not.toContainText(/^Drag along/);
    await expect(card.getByText("Drag along the timeline's ruler", { exact: true })).toBeHidden();
  });
});
