// Every page, as a new user clicks through them (desktop and phone): axe finds no serious or
// critical violation on any of them, in light and dark mode; unknown addresses get a page with a
// way back; the results page shows readable segment details, every module tab, the chart of what
// the analysis saw and, after a reload, the active share link; the storage page lists an upload
// that never became a video and deletes it.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { appPages } from "./support/app-pages";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip, processClip, uploadFile } from "./support/clips";
import { snap } from "./support/screenshots";

/** Rules whose outcome depends on the colour scheme; the rest read structure, names and roles. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it is now, as readable lines: every
 * rule, or with `coloursOnly` the colour rules (a second scheme changes colours, not structure).
 */
async function seriousViolations(page: Page, coloursOnly = false, exclude: string[] = []): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  for (const selector of exclude) axe.exclude(selector);
  const result = await (coloursOnly ? axe.withRules(COLOUR_RULES) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

// One test per viewport: each page is loaded once and checked in light and then (desktop) dark
// mode (the colour scheme is switched in place; the pages follow the system setting through CSS),
// with soft assertions so one run names every violation. Dark mode is checked with the colour
// rules only: the page's structure is the one just checked in light mode.
const SCHEMES = ["light", "dark"] as const;

/**
 * Parts of a page axe skips because the same component is checked on the same page already: on
 * /docs every endpoint after the first of its group and every schema after the first are the same
 * article and the same card with other data (axe took about 5 min over all of them on CI's 2 cores,
 * under 1 min this way). Everything else of /docs (navigation, headings, the first of each, the
 * webhooks guide) is checked.
 */
const REPEATS: Record<string, string[]> = { docs: ["main section > article ~ article", "#schemas > div ~ div"] };

test("every page: no serious accessibility violations (light and dark on desktop, light on phones)", async ({ page }, testInfo) => {
  // 9–25 s a page on CI's 2 cores, 14 pages (with /docs' repeats skipped, see REPEATS).
  test.setTimeout(600_000);
  const user = createUser({ email: uniqueEmail("pages-a11y"), name: "Paige Pages" });
  const clip = makeClip(`pages-a11y-${testInfo.project.name}`);
  const jobId = await processClip(user.api_key, clip, { modules: ["shots", "scenes", "transcription", "visualelements", "video_reasoning"] });
  const { share_hash } = await api(user.api_key)<{ share_hash: string }>("POST", `/videos/${jobId}/share`);

  const pages: [string, string][] = [...appPages(jobId, share_hash), ["not-found", "/no-such-page"]];
  // Phones: light only (layout is what differs there; the colours are the desktop's, checked in both).
  const schemes = testInfo.project.name === "phone" ? SCHEMES.slice(0, 1) : SCHEMES;
  const checkBothSchemes = async (name: string) => {
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" }); // no colour fade mid-check
      expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(scheme === "dark");
      expect.soft(await seriousViolations(page, scheme !== "light", REPEATS[name]), `${name} (${scheme})`).toEqual([]);
    }
  };
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await checkBothSchemes("sign-in");
  await page.evaluate((key) => window.localStorage.setItem("va.api_key", key), user.api_key);
  for (const [name, url] of pages) {
    await page.goto(url);
    await expect(page.locator("main").first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await checkBothSchemes(name);
  }
  await snap(page, testInfo, "90-not-found-dark");
});

test("unknown addresses get a page with the navigation back", async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
  await snap(page, testInfo, "90-not-found");
});

test("results: readable details, every module tab, the chart, the active share after a reload", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("results-pages"), name: "Rae Results" });
  const clip = makeClip(`results-pages-${testInfo.project.name}`);
  const jobId = await processClip(user.api_key, clip, { modules: ["shots", "scenes", "grouped_shots", "transcription", "visualelements", "logos", "video_reasoning"] });
  await page.addInitScript((key) => window.localStorage.setItem("va.api_key", key), user.api_key);
  await page.goto(`/videos/${jobId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Seven tabs, none cut off by the panel's edge.
  const tablist = page.getByRole("tablist", { name: "Modules" });
  await expect(tablist.getByRole("tab")).toHaveCount(7);
  const strip = (await tablist.boundingBox())!;
  for (const tab of await tablist.getByRole("tab").all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(strip.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
  }

  // Visual elements' details are fields, not JSON.
  await tablist.getByRole("tab", { name: /Visual elements/ }).click();
  const details = page.getByRole("tabpanel").locator("details").first();
  await details.locator("summary").click();
  await expect(details.locator("dt").first()).toBeVisible();
  await expect(details).toContainText("Brightness");
  await expect(details).not.toContainText("{");

  // What the analysis saw, under the timeline.
  const chart = page.getByTestId("analysis-chart");
  await expect(chart.getByRole("img", { name: /^Motion/ })).toBeVisible();
  await expect(chart.getByRole("img", { name: /^Shot length: 3 shots/ })).toBeVisible();
  await snap(page, testInfo, "91-results-details-and-chart");

  // Share, reload: the page says the video is public and shows the same link.
  const share = page.getByRole("region", { name: "Share" });
  await expect(share.getByTestId("share-status")).toContainText("Private");
  await share.getByRole("button", { name: "Get share link" }).click();
  const url = await share.getByTestId("share-url").inputValue();
  await page.reload();
  await expect(share.getByTestId("share-status")).toContainText("Public");
  await expect(share.getByTestId("share-status")).toContainText("no expiry");
  await expect(share.getByTestId("share-url")).toHaveValue(url);
  await expect(share.getByRole("button", { name: "Get share link" })).toHaveCount(0);

  // The bell: a sentence with module names and a link to the video, no internal ids.
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel).toContainText("was analysed in");
  await expect(panel).not.toContainText("visualelements");
  await expect(panel).not.toContainText("Open: /videos/");
  await panel.getByRole("link", { name: "Open the video" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/videos/${jobId}$`));
});

test("storage: an upload that never became a video is listed and deleted", async ({ page }, testInfo) => {
  const user = createUser({ email: uniqueEmail("storage-page"), name: "Stu Storage" });
  const clip = makeClip(`orphan-${testInfo.project.name}`, { subtitles: false });
  const { file_path } = await uploadFile(user.api_key, clip);
  const name = file_path.split("/").pop()!;
  await page.addInitScript((key) => window.localStorage.setItem("va.api_key", key), user.api_key);
  await page.goto("/storage");
  const row = page.getByTestId("stored-file").filter({ hasText: name });
  await expect(row).toContainText("not registered as a video", { timeout: 30_000 });
  await snap(page, testInfo, "92-storage");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByTestId("stored-file").filter({ hasText: name })).toHaveCount(0);
  const files = await api(user.api_key)<{ files: { filePath: string }[] }>("GET", "/storage/files");
  expect(files.files.map((f) => f.filePath)).not.toContain(file_path);
});
