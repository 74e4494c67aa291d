// Import from a URL on the upload page, against a real HTTP file server this spec starts on
// 127.0.0.1 (allowed for the app through IMPORT_ALLOW_PRIVATE_URLS=1 in playwright.config.ts, as
// tests/api/import.test.ts allows it): a URL the API refuses shows its `detail`; a URL answering
// 404 ends the import failed, saying so; a generated MP4, sent in pieces, shows its bytes arriving,
// is analysed and opens as a video. On its results page a range dragged along the timeline's
// ruler becomes a clip; then the owner renames its chapter and the shared report shows the
// chapter with the new title.
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { signInAs } from "./pages/sign-in-page";
import { UploadPage } from "./pages/upload-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip } from "./support/clips";
import { snap } from "./support/screenshots";

/** Serious and critical WCAG 2.1 A/AA violations (with `coloursOnly`, the colour rules), as in pages.spec.ts. */
async function seriousViolations(page: Page, coloursOnly = false): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const result = await (coloursOnly ? axe.withRules(["color-contrast", "link-in-text-block"]) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

const OTHER_MODULES = ["Visual elements", "Scenes", "Shots", "Grouped shots", "Logos", "Video reasoning"];

test("import a video from a URL, watch it arrive and be analysed, and open it", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const bytes = fs.readFileSync(makeClip(`import-${testInfo.project.name}`));
  const served: string[] = [];
  const files = http.createServer((req, res) => {
    served.push(`${req.method} ${req.url}`);
    if (req.url === "/media/harbour-tour.mp4") {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": bytes.length });
      // Eight pieces over about five seconds: the import's progress can be watched.
      let sent = 0;
      const step = Math.ceil(bytes.length / 8);
      const more = () => {
        if (sent >= bytes.length) return void res.end();
        res.write(bytes.subarray(sent, (sent += step)));
        setTimeout(more, 650);
      };
      return more();
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("no such file");
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;

  try {
    const user = createUser({ email: uniqueEmail("import"), name: "Ingrid Import" });
    await signInAs(page, user.api_key);
    const upload = new UploadPage(page);
    await upload.goto();
    for (const label of OTHER_MODULES) await upload.moduleCheckbox(label).uncheck();
    await expect(upload.moduleCheckbox("Transcription")).toBeChecked();

    const form = page.getByRole("region", { name: "Import from URL" });
    const url = form.getByRole("textbox", { name: "Video URL" });
    const submit = form.getByRole("button", { name: "Import and analyze" });
    const imports = form.getByTestId("import-item");

    // Refused by the API at once: its detail, in words; nothing is started.
    await url.fill("ftp://127.0.0.1/harbour-tour.mp4");
    await submit.click();
    await expect(form.getByRole("alert")).toContainText("The video could not be imported");
    await expect(form.getByRole("alert")).toContainText("Only links that start with http:// or https:// can be imported.");
    await expect(form.getByRole("alert")).not.toContainText("url:");
    await expect(imports).toHaveCount(0);
    await snap(page, testInfo, "95-import-refused");

    // Accepted, but the file server answers 404: the import ends failed, saying why.
    await url.fill(`${base}/media/missing.mp4`);
    await expect(form.getByRole("alert")).toHaveCount(0);
    await submit.click();
    await expect(imports).toHaveCount(1);
    await expect(url).toHaveValue("");
    const missing = imports.filter({ hasText: "missing.mp4" });
    await expect(missing.getByTestId("processing-progress")).toContainText("The URL answered 404", { timeout: 30_000 });
    await expect(missing.locator("[data-status]")).toHaveText("Failed");

    // A real video: its bytes arrive, then it is analysed like an upload, then it opens.
    await url.fill(`${base}/media/harbour-tour.mp4`);
    await submit.click();
    await expect(imports).toHaveCount(2);
    const item = imports.filter({ hasText: "harbour-tour.mp4" });
    const progress = item.getByTestId("processing-progress");
    await expect(progress).toContainText(/Importing: .+ of .+ fetched \(\d+%\)/, { timeout: 20_000 });
    await expect(item.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
    await snap(page, testInfo, "96-import-progress");
    await expect(progress).toContainText("Analysis complete", { timeout: 150_000 });
    await expect(item.locator("[data-status]")).toHaveText("Completed");
    await expect(progress.locator('[data-module="transcription"]')).toContainText(/3 segments/);
    expect(served).toContain("GET /media/harbour-tour.mp4");
    expect(served).toContain("GET /media/missing.mp4");
    await snap(page, testInfo, "97-import-done");
    // The form and its two imports (one failed, one done) are accessible, in light and dark mode.
    // Reduced motion: the navigation's colour transition would otherwise still be fading from light
    // to dark when axe reads the colours (CI once saw the links' contrast mid-fade).
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    expect(await seriousViolations(page, true)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    await item.getByRole("link", { name: "Open results" }).click();
    const results = new ResultsPage(page);
    await results.expectLoaded("harbour-tour.mp4");
    await results.waitForMedia();

    // Drag along the ruler from 20 % to 60 % of the 6 s video: about 1.2–3.6 s is selected and,
    // added to the clip maker, made into a clip of that length.
    const ruler = page.getByTestId("timeline-ruler");
    await ruler.scrollIntoViewIfNeeded();
    const box = (await ruler.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
    await page.mouse.up();
    const band = page.getByTestId("timeline-selection");
    await expect(band).toBeVisible();
    // the drag selected a range, not the page's text
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toBe("");
    const picked = { start: Number(await band.getAttribute("data-start")), end: Number(await band.getAttribute("data-end")) };
    expect(picked.start).toBeGreaterThan(1.0);
    expect(picked.start).toBeLessThan(1.4);
    expect(picked.end).toBeGreaterThan(3.4);
    expect(picked.end).toBeLessThan(3.8);
    // Selecting is enough: the range is the clip's, and "Make clip" sits right under the timeline.
    await expect(page.getByTestId("clip-selection")).toContainText("00:01–00:03");
    await snap(page, testInfo, "97a-timeline-range");
    await expect(page.getByTestId("clip-range")).toHaveCount(1);
    await expect(page.getByTestId("clip-create")).toBeEnabled();
    // A second drag keeps the first range (and says so); the clip's list offers to remove one.
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, y, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId("clip-range")).toHaveCount(2);
    await expect(page.getByTestId("clip-selection")).toContainText("2 clip ranges");
    await page.getByRole("button", { name: "Remove range 2" }).click();
    await expect(page.getByTestId("clip-range")).toHaveCount(1);
    await page.getByTestId("clip-create-here").click();
    // The card follows the clip until it is cut: "Clip ready", not "queued" for ever.
    await expect(page.getByTestId("clip-made").first()).toBeVisible();
    await expect(page.getByTestId("clip-made").first()).toHaveAttribute("data-status", "completed", { timeout: 90_000 });
    await expect(page.getByTestId("clip-made").first()).toContainText("Clip ready");
    const call = api(user.api_key);
    const [clip] = await call<Array<{ clip_id: string; title: string; ranges: Array<{ start: number; end: number }> }>>("GET", "/clips");
    expect(clip!.ranges).toHaveLength(1);
    expect(clip!.ranges[0]!.start).toBeCloseTo(picked.start, 2);
    expect(clip!.ranges[0]!.end).toBeCloseTo(picked.end, 2);
    await expect
      .poll(async () => (await call<{ status: string }>("GET", `/clips/${clip!.clip_id}`)).status, { timeout: 90_000, intervals: [500, 1000] })
      .toBe("completed");
    const done = await call<{ duration: number }>("GET", `/clips/${clip!.clip_id}`);
    expect(Math.abs(done.duration - (picked.end - picked.start))).toBeLessThan(0.1);

    // The owner renames the chapter; the shared report shows the chapter list with that title.
    const chapters = page.getByTestId("chapter-list");
    await expect(chapters.locator("li")).toHaveCount(1);
    await page.getByRole("button", { name: "Rename the chapter at 00:00" }).click();
    const title = page.getByRole("textbox", { name: "Title of the chapter at 00:00" });
    await title.fill("Around the harbour");
    await title.press("Enter");
    await expect(chapters).toContainText("Around the harbour");
    await results.share.getByRole("button", { name: "Get share link" }).click();
    const shareUrl = await results.share.getByTestId("share-url").inputValue();
    // A context of its own (no sign-in; axe needs a page of a context made by the test).
    const guestContext = await browser.newContext({ viewport: page.viewportSize() });
    const guest = await guestContext.newPage();
    await guest.goto(shareUrl);
    await expect(guest.getByRole("heading", { name: "harbour-tour.mp4", level: 1 })).toBeVisible();
    const shared = guest.getByTestId("chapter-list");
    await expect(shared.locator("li")).toHaveCount(1);
    await expect(shared).toContainText("Around the harbour");
    // the owner's edits are not marked for the reader
    await expect(shared).not.toContainText("edited");
    await expect(guest.getByRole("button", { name: /^Rename the chapter/ })).toHaveCount(0);
    await snap(guest, testInfo, "98-shared-report-chapters");
    expect(await seriousViolations(guest)).toEqual([]);

    // The clip rang the bell, and its page names the video of each range.
    await page.goto(`/clips?clip=${clip!.clip_id}`);
    await page.getByRole("button", { name: /^Notifications/ }).first().click();
    await expect(page.getByText("Clip ready").first()).toBeVisible();
    await page.keyboard.press("Escape");
    const row = page.locator(`[data-clip-id="${clip!.clip_id}"]`);
    await expect(row.getByTestId("clip-range-chip").first()).toContainText("harbour-tour.mp4");
    // Sharing makes a link that works until it is revoked (not a stream address that lapses).
    await row.getByRole("button", { name: /^Share / }).click();
    await expect(row.getByTestId("clip-shared")).toBeVisible();
    const { share_url } = await call<{ share_url: string }>("GET", `/clips/${clip!.clip_id}`);
    expect(share_url).toMatch(/\/share\/clip\/[A-Za-z0-9_-]{32}$/);
    await guest.goto(share_url);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(clip!.title);
    await expect(guest.getByTestId("shared-clip-player")).toBeVisible();
    await row.getByRole("button", { name: /^Stop sharing / }).click();
    await expect(row.getByTestId("clip-shared")).toHaveCount(0);
    await guest.reload();
    await expect(guest.getByText("This link does not open a clip")).toBeVisible();
    await guestContext.close();
  } finally {
    files.close();
  }
});
