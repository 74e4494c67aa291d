// Search in a browser: two clips are processed through the API (one with a transcript and shots,
// one with shots only), then the search page finds "green", shows each hit's module, time and
// similarity, narrows by minimum similarity, module and video (all kept in the URL, so Back and
// links work), shows its loading, empty and error states, and opens a hit at its moment in the player.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { SearchPage } from "./pages/search-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

const GREEN = CLIP_SUBTITLES[1]; // "Now everything is green", from 2.2 s

test("search finds a moment, filters, and opens the video there", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const user = createUser({ email: uniqueEmail("search"), name: "Sam Search" });
  const talking = makeClip(`talking-colours-${testInfo.project.name}`);
  const silent = makeClip(`silent-colours-${testInfo.project.name}`, { subtitles: false });
  const [talkingId, silentId] = await Promise.all([
    processClip(user.api_key, talking, { modules: ["transcription", "shots"], timeoutMs: 240_000 }),
    processClip(user.api_key, silent, { modules: ["shots"], timeoutMs: 240_000 }),
  ]);
  const talkingName = path.basename(talking);

  await signInAs(page, user.api_key);

  // --- Before the first search --------------------------------------------------------------
  const search = new SearchPage(page);
  await search.goto();
  await expect(page.getByText("Find a moment in your videos")).toBeVisible();
  await search.openFilters();
  await expect(search.thresholdValue).toHaveText("0.40");
  // The module chips are the modules the videos were analysed with.
  await expect(search.moduleChip("Transcription")).toBeVisible();
  await expect(search.moduleChip("Shots")).toBeVisible();
  await expect(search.moduleChip("Logos")).toHaveCount(0);
  await snap(page, testInfo, "40-search-start");

  // An empty query is not sent.
  await search.search("   ");
  await expect(search.queryError).toHaveText("Type what to look for.");
  await expect(page).toHaveURL(/\/search$/);

  // --- A search: by keyboard, kept in the URL -----------------------------------------------
  await search.search("green");
  await expect(page).toHaveURL(/\/search\?q=green$/);
  await expect(search.queryError).toHaveCount(0);
  // At the default minimum (0.40) every segment holding the word matches (hybrid search): the
  // spoken line and the shot descriptions that say "green".
  await expect(search.hits.first()).toBeVisible();
  await expect.poll(() => search.hitModules()).toEqual(expect.arrayContaining(["transcription", "shots"]));
  const spoken = search.hit("Transcription");
  await expect(spoken).toHaveAttribute("data-job-id", talkingId);
  await expect(spoken).toContainText(GREEN.text);
  await expect(spoken.locator("mark")).toHaveText("green");
  await expect(spoken.getByTestId("hit-time")).toHaveText("00:02–00:03");
  await expect(spoken.getByTestId("hit-similarity")).toContainText(/0\.[4-9]\d/);
  await expect(spoken).toContainText(talkingName);
  await expect(spoken.getByTestId("hit-position")).toBeAttached();
  // One link per hit, named by what the eye reads off the row (axe: the name contains the visible text).
  await expect(spoken.getByRole("link")).toHaveAccessibleName(new RegExp(`Transcription.*00:02–00:03.*${GREEN.text}.*${talkingName}`));
  await snap(page, testInfo, "41-search-hit");

  // --- Minimum similarity: lower finds the shots of both videos too ------------------------------
  await search.setThreshold(0.2);
  await expect(page).toHaveURL(/[?&]threshold=0\.2(&|$)/);
  await expect.poll(() => search.hitModules()).toEqual(expect.arrayContaining(["transcription", "shots"]));
  await expect(search.hits.and(page.locator(`[data-job-id="${silentId}"]`))).not.toHaveCount(0);
  // Best first.
  const sims = await search.hits.getByTestId("hit-similarity").allInnerTexts();
  const values = sims.map((s) => Number(/\d\.\d\d/.exec(s)![0]));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await snap(page, testInfo, "42-search-threshold-lowered");

  // --- Modules: shots only, then back to all ---------------------------------------------------
  await search.moduleChip("Shots").click();
  await expect(search.moduleChip("Shots")).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]modules=shots(&|$)/);
  // The previous hits stay (dimmed) until the new ones arrive.
  await expect.poll(async () => [...new Set(await search.hitModules())]).toEqual(["shots"]);
  await snap(page, testInfo, "43-search-module-filter");
  await search.moduleChip("All").click();
  await expect(page).not.toHaveURL(/modules=/);

  // --- Video: only the one without a transcript -------------------------------------------------
  await search.videoSelect.selectOption({ value: silentId });
  await expect(page).toHaveURL(new RegExp(`[?&]video=${silentId}(&|$)`));
  await expect.poll(() => search.hits.evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).dataset.jobId))])).toEqual([silentId]);
  await snap(page, testInfo, "44-search-video-filter");

  // --- Nothing at a high minimum: the empty state offers to widen -------------------------------
  // (a segment holding the query's word scores at least 0.6, so "nothing" needs a minimum near 1)
  await search.setThreshold(1);
  await expect(search.empty).toHaveText("No moments match “green”");
  await snap(page, testInfo, "45-search-empty");
  await page.getByRole("button", { name: "Search all videos and modules" }).click();
  await expect(search.videoSelect).toHaveValue("");
  // Widening lowers the minimum a step at a time (1.00 → 0.80): the spoken line is back.
  await page.getByRole("button", { name: "Lower the minimum to 0.80" }).click();
  await expect(search.thresholdValue).toHaveText("0.80");
  await expect.poll(() => search.hitModules()).toContain("transcription");
  await search.setThreshold(0.4);
  await expect.poll(() => search.hitModules()).toEqual(expect.arrayContaining(["transcription", "shots"]));

  // --- Another query (slowed down to see it load) has nothing; Back returns to "green" -------------
  await page.route("**/api/search", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await search.search("purple elephant");
  await expect(page).toHaveURL(/q=purple\+elephant/);
  await expect(page.getByRole("status").filter({ hasText: "Searching…" })).toBeVisible();
  await snap(page, testInfo, "46-search-loading");
  await expect(search.empty).toHaveText("No moments match “purple elephant”");
  await page.unroute("**/api/search");
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=green$/);
  await expect(search.queryInput).toHaveValue("green");
  await expect.poll(() => search.hitModules()).toEqual(expect.arrayContaining(["transcription", "shots"]));

  // --- The server's words when it refuses: a link to a video that is not (or no longer) yours ------
  await search.goto("q=green&video=00000000-0000-4000-8000-000000000000");
  await expect(search.error).toHaveText("Video not found");
  await expect(page.getByRole("alert").filter({ hasText: "The search failed" })).toBeVisible();
  await snap(page, testInfo, "47-search-error");
  // Asking again would get the same answer; widening to all videos would not.
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await page.getByRole("button", { name: "Search all videos" }).click();
  await expect(page).toHaveURL(/\/search\?q=green$/);
  await expect.poll(() => search.hitModules()).toEqual(expect.arrayContaining(["transcription", "shots"]));

  // --- More than `limit` hits: the rest on demand ---------------------------------------------
  await search.goto("q=green&threshold=0.2&limit=1");
  await expect(search.hits).toHaveCount(1);
  await page.getByRole("button", { name: "Show more results" }).click();
  await expect(page).toHaveURL(/[?&]limit=21(&|$)/);
  await expect.poll(() => search.hits.count()).toBeGreaterThan(1);
  await expect(page.getByRole("button", { name: "Show more results" })).toHaveCount(0);

  // --- A hit opens the results page at its moment (by keyboard) -------------------------------
  await search.goto("q=green");
  await expect(search.hit("Transcription")).toBeVisible();
  const link = search.hit("Transcription").getByRole("link");
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/videos/${talkingId}\\?t=2\\.2&module=transcription$`));
  const results = new ResultsPage(page);
  await results.expectLoaded(talkingName);
  // The hit's own module's tab is open.
  await expect(page.getByRole("tab", { name: /Transcription/, selected: true })).toBeVisible();
  await results.waitForMedia();
  await expect.poll(() => results.currentTime()).toBeGreaterThan(GREEN.start - 0.1);
  expect(await results.currentTime()).toBeLessThan(GREEN.start + 0.5);
  await snap(page, testInfo, "48-search-hit-opened");
});
