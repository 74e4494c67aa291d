// Corrections in a browser: a processed clip with speech (its subtitle track) is opened on the
// results page, a transcript line is corrected in place (Escape cancels, Enter saves) and is
// marked; the player's captions track and search both have the new words at once, the old word
// no longer finds the line, and the line's history restores the machine's original. The chapter
// list under the player is titled from the clip's words.
import { expect, test, type Locator } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { SearchPage } from "./pages/search-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

const captionCues = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => {
    const t = [...v.textTracks].find((x) => x.kind === "captions");
    return t ? { mode: t.mode, cues: [...(t.cues ?? [])].map((c) => (c as VTTCue).text) } : null;
  });

const GREEN = CLIP_SUBTITLES[1]; // "Now everything is green"
const CORRECTED = "Now everything is a lighthouse";

test("correct a transcript line and see it in the captions track and in search", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("edit"), name: "Eddie Edit" });
  const jobId = await processClip(user.api_key, makeClip(`edit-clip-${testInfo.project.name}`), { modules: ["transcription"] });

  await signInAs(page, user.api_key);
  await page.goto(`/videos/${jobId}`);
  const results = new ResultsPage(page);
  await results.waitForMedia();
  await expect.poll(() => captionCues(results.video), { timeout: 20_000 }).toEqual({ mode: "showing", cues: CLIP_SUBTITLES.map((s) => s.text) });

  // Chapters: one for this 6 s clip, titled from its words, with its mark on the strip.
  const chapters = page.getByTestId("chapter-list");
  await expect(chapters.locator("li")).toHaveCount(1);
  await expect(chapters.locator("li").first()).not.toContainText(/Chapter \d/);
  await expect(page.getByTestId("chapter-marks").getByRole("button")).toHaveCount(1);

  // Correct mode: Escape leaves a line as it was, Enter saves.
  const panel = page.getByTestId("transcript-panel");
  await page.getByRole("button", { name: "Correct", exact: true }).click();
  await panel.getByRole("button", { name: new RegExp(`^Correct the line at .*: ${CLIP_SUBTITLES[0].text}$`) }).click();
  const first = panel.getByRole("textbox");
  await first.fill("Never saved");
  await first.press("Escape");
  await expect(panel.getByRole("textbox")).toHaveCount(0);
  await expect(panel).toContainText(CLIP_SUBTITLES[0].text);

  await panel.getByRole("button", { name: new RegExp(`: ${GREEN.text}$`) }).click();
  const input = panel.getByRole("textbox", { name: /Corrected text of the line/ });
  await expect(input).toHaveValue(GREEN.text);
  await input.fill(CORRECTED);
  await input.press("Enter");
  await expect(panel.getByRole("textbox")).toHaveCount(0);
  const edited = panel.locator('li[data-edited="true"]');
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText(CORRECTED);
  await expect(edited).toContainText("edited");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(panel.getByRole("button", { name: new RegExp(CORRECTED) })).toBeVisible();

  // The captions track is loaded again with the correction.
  await expect
    .poll(() => captionCues(results.video), { timeout: 5_000 })
    .toEqual({ mode: "showing", cues: [CLIP_SUBTITLES[0].text, CORRECTED, CLIP_SUBTITLES[2].text] });
  await snap(page, testInfo, "90-edit-transcript", { fullPage: false });

  // Search finds the new word, and the old one no longer finds the line.
  const search = new SearchPage(page);
  await search.goto();
  await search.search("lighthouse");
  await expect(search.hit("Transcription")).toHaveCount(1);
  await expect(search.hit("Transcription")).toContainText(CORRECTED);
  await search.search("green");
  await expect(search.empty.or(search.hits.first())).toBeVisible();
  await expect(search.hits.filter({ hasText: "everything is" })).toHaveCount(0);

  // The history brings the machine's original back.
  await page.goto(`/videos/${jobId}`);
  await page.getByRole("button", { name: "Correct", exact: true }).click();
  await panel.getByRole("button", { name: "History" }).click();
  const history = panel.getByRole("list", { name: /Revisions of the line/ });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history).toContainText(`Original (machine): ${GREEN.text}`);
  await history.getByRole("button", { name: "Restore the original" }).click();
  await expect(panel.getByRole("button", { name: new RegExp(`: ${GREEN.text}$`) })).toBeVisible();
  await expect(panel.locator('li[data-edited="true"]')).toHaveCount(0);
  await expect.poll(() => captionCues(results.video), { timeout: 5_000 }).toEqual({ mode: "showing", cues: CLIP_SUBTITLES.map((s) => s.text) });
});
