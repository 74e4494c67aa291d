// The main flow in a browser: sign in with an API key, upload a generated clip (watching its byte
// progress), watch it process live (module events appear as they happen), open the results,
// click a shot on the timeline and see the player seek, download a module's CSV, search a word of
// its subtitles and land on that moment, ask in chat and follow the cited time, share and revoke,
// start the player at ?t=, and rename the video in the list.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ChatPage } from "./pages/chat-page";
import { ResultsPage } from "./pages/results-page";
import { SearchPage } from "./pages/search-page";
import { signInAs } from "./pages/sign-in-page";
import { UploadPage } from "./pages/upload-page";
import { VideosPage } from "./pages/videos-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip, uploadFile } from "./support/clips";
import { snap } from "./support/screenshots";

const CSV_HEADER = "id,job_id,module,start_time,end_time,content,metadata,created_at";

/** Slows uploads (not downloads) so the byte progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

test("upload a clip, watch it process, and use its results", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("upload"), name: "Ursula Upload" });
  const clip = makeClip(`colour-blocks-${testInfo.project.name}`);
  const fileName = path.basename(clip);
  const size = fs.statSync(clip).size;

  await signInAs(page, user.api_key);

  // --- Upload ---------------------------------------------------------------------------------
  await new AppShell(page).navigateTo("Upload");
  const upload = new UploadPage(page);
  await upload.expectLoaded();
  // Six modules, each described, are chosen by default; Logos, which finds nothing without a vision
  // model (none here), says so once, in the picker, and is off until picked.
  for (const label of ["Transcription", "Visual elements", "Scenes", "Shots", "Grouped shots", "Video reasoning"]) {
    await expect(upload.moduleCheckbox(label)).toBeChecked();
  }
  await expect(upload.moduleCheckbox("Logos")).not.toBeChecked();
  await expect(page.getByTestId("module-offline-note").filter({ hasText: "only brand names written on screen" })).toBeVisible();
  await upload.moduleCheckbox("Logos").check();
  await snap(page, testInfo, "20-upload-empty");

  // A file the service would refuse is refused before any byte is sent.
  const bad = path.join(path.dirname(clip), "notes.txt");
  fs.writeFileSync(bad, "not a video");
  await upload.dropFiles([{ name: fileName, type: "video/mp4", base64: fs.readFileSync(clip).toString("base64") }]);
  await upload.addFiles([bad]);
  await expect(upload.item("notes.txt")).toContainText("not supported");
  await expect(upload.item(fileName)).toHaveAttribute("data-phase", "ready");
  await expect(upload.startButton).toHaveText("Upload and analyze");
  await snap(page, testInfo, "21-upload-files-added");

  // About three seconds of upload: the bar moves through intermediate values.
  const restore = await throttleUploads(page, Math.max(4096, Math.floor(size / 3)));
  await upload.start();
  const bar = upload.uploadProgress(fileName);
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  let shot = false;
  await expect
    .poll(
      async () => {
        const phase = await upload.item(fileName).getAttribute("data-phase");
        const now = await bar.getAttribute("aria-valuenow", { timeout: 500 }).catch(() => null);
        if (now !== null) seen.add(Number(now));
        if (!shot && now !== null && Number(now) > 10 && Number(now) < 90) {
          shot = true;
          await snap(page, testInfo, "22-upload-progress");
        }
        return phase;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toMatch(/starting|started/);
  await restore();
  expect([...seen].some((v) => v > 0 && v < 100), `intermediate progress values seen: ${[...seen].join(", ")}`).toBe(true);

  // --- Live processing ------------------------------------------------------------------------
  const progress = upload.processingProgress(fileName);
  await expect(progress).toBeVisible();
  // Module events arrive live: some module is seen running or done before the run ends.
  await expect(progress.locator('[data-state="running"], [data-state="done"]').first()).toBeVisible({ timeout: 90_000 });
  await snap(page, testInfo, "23-processing-live");
  await expect(progress).toContainText("Analysis complete", { timeout: 150_000 });
  // Every module of the run reported back: done, with a segment count or its notes.
  await expect(progress.locator('[data-state="done"]')).toHaveCount(7);
  await expect(upload.moduleRow(fileName, "transcription")).toContainText(/3 segments/);
  await expect(upload.item(fileName).locator("[data-status]")).toHaveText("Completed");
  await snap(page, testInfo, "24-processing-done");

  // --- Results --------------------------------------------------------------------------------
  await upload.openResults(fileName).click();
  const results = new ResultsPage(page);
  await results.expectLoaded(fileName);
  const jobId = /\/videos\/([0-9a-f-]{36})/.exec(page.url())![1];
  await results.waitForMedia();
  await expect(results.timeline).toBeVisible();
  await snap(page, testInfo, "25-results");

  // A shot on the timeline (any lane with several blocks if shot detection is not available).
  const shotBlocks = results.blocks("shots");
  const lane = (await shotBlocks.count()) >= 2 ? "shots" : (await results.blocks("transcription").count()) >= 2 ? "transcription" : "scenes";
  const target = results.blocks(lane).nth(1);
  const start = Number(await target.getAttribute("data-start"));
  expect(start).toBeGreaterThan(0.5);
  expect(await results.currentTime()).toBeLessThan(start - 0.5);
  await target.click();
  await expect.poll(() => results.currentTime()).toBeGreaterThan(start - 0.05);
  expect(await results.currentTime()).toBeLessThan(start + 0.5);
  await snap(page, testInfo, "26-results-seeked");

  // A segment's time in the list seeks too.
  await results.tab(/Transcription/).click();
  await page.getByRole("button", { name: "Play from 4 seconds" }).click();
  await expect.poll(() => results.currentTime()).toBeGreaterThan(4.1);

  // By keyboard: a lane is one tab stop, arrow keys and Home/End move along it, Enter seeks.
  const laneBlocks = results.blocks(lane);
  await expect(results.lane(lane).locator("button[tabindex='0']")).toHaveCount(1);
  await laneBlocks.nth(1).focus();
  await page.keyboard.press("End");
  await expect(laneBlocks.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(laneBlocks.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => results.currentTime()).toBeLessThan(0.5);

  // The module's CSV, fetched with the Authorization header and saved from a Blob URL.
  const label = lane === "shots" ? "Shots" : lane === "transcription" ? "Transcription" : "Scenes";
  const [download] = await Promise.all([page.waitForEvent("download"), results.downloadButton(`Download ${label} as CSV`).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8");
  expect(csv.split(/\r?\n/)[0]).toBe(CSV_HEADER);

  // --- Search: a word of the subtitles finds its moment, and the hit opens the player there ----
  await new AppShell(page).navigateTo("Search");
  const search = new SearchPage(page);
  await search.search("green");
  const hit = search.hit("Transcription").filter({ hasText: "Now everything is green" });
  await expect(hit).toHaveCount(1);
  await snap(page, testInfo, "26a-search-hit");
  await hit.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/videos/${jobId}\\?t=2\\.2`));
  await results.waitForMedia();
  await expect.poll(() => results.currentTime()).toBeGreaterThan(2.1);
  expect(await results.currentTime()).toBeLessThan(2.8);

  // --- Chat: a question about the video gets an answer citing its moment, which seeks the player ---
  await page.getByRole("link", { name: "Ask about it" }).click();
  const chat = new ChatPage(page);
  await expect(chat.question).toBeVisible();
  await chat.ask("Where does everything turn green?");
  const answer = chat.answers.last();
  await expect(answer).toContainText("Now everything is green");
  await chat.player.waitForMedia();
  await chat.timeStamp(answer, "00:02").click();
  // The answer cites several moments at 00:02 (the spoken line at 2.2 s, the shot from 2.0 s): the
  // player lands inside that second.
  await expect.poll(() => chat.player.currentTime()).toBeGreaterThanOrEqual(1.99);
  expect(await chat.player.currentTime()).toBeLessThan(3);
  await snap(page, testInfo, "26b-chat-cited-answer");
  await page.goto(`/videos/${jobId}`);
  await results.expectLoaded(fileName);

  // A share link opens the report without signing in; revoking it closes it again.
  await results.share.getByRole("button", { name: "Get share link" }).click();
  const shareUrl = await results.share.getByTestId("share-url").inputValue();
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{22,}$/);
  const guest = await browser.newPage({ viewport: page.viewportSize() });
  await guest.goto(shareUrl);
  await expect(guest.getByRole("heading", { name: fileName, level: 1 })).toBeVisible();
  await expect(guest.getByTestId("timeline")).toBeVisible();
  await expect(guest.getByText("Now everything is green").first()).toBeVisible();
  await snap(guest, testInfo, "29-shared-report");
  await results.share.getByRole("button", { name: "Revoke link" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke link" }).click();
  await expect(results.share).toContainText("The link was revoked");
  await guest.reload();
  await expect(guest.getByText("This link does not open a report")).toBeVisible();
  await guest.close();

  // The bell has the run's notification.
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Processing complete");
  await snap(page, testInfo, "30-notifications", { fullPage: false });
  await page.keyboard.press("Escape");

  // Search hits and chat time stamps link with ?t=: the player starts there.
  await page.goto(`/videos/${jobId}?t=3`);
  await results.waitForMedia();
  await expect.poll(() => results.currentTime()).toBeGreaterThan(2.9);
  await snap(page, testInfo, "27-results-start-at-t");
  // Opened afresh (the run was not watched here), a module's notes are still there to read; the
  // install's lack of a vision model is not repeated on every result (the picker said it).
  await results.tab(/Visual elements/).click();
  await expect(page.getByText(/showed no text-like strokes/).first()).toBeVisible();
  await expect(page.getByText(/No vision model is configured/)).toHaveCount(0);

  // --- The list -------------------------------------------------------------------------------
  const videos = new VideosPage(page);
  await videos.goto();
  await expect(videos.status(fileName)).toHaveText("Completed");
  await videos.edit(fileName, { name: "Colour blocks", description: "Three colours, two cuts" });
  await expect(videos.row("Colour blocks")).toContainText("Three colours, two cuts");
  await snap(page, testInfo, "28-videos-list");
});

test("organise videos: live status, project, reprocess with other modules, delete", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("organise"), name: "Olga Organise" });
  const call = api(user.api_key);
  await call("POST", "/projects", { name: "Holiday clips" });
  const clip = makeClip(`organise-${testInfo.project.name}`);
  const fileName = path.basename(clip);
  const target = await uploadFile(user.api_key, clip);

  await signInAs(page, user.api_key);
  const videos = new VideosPage(page);
  await videos.goto();
  await expect(page.getByText("No videos yet")).toBeVisible();

  // Started by a script while the page is open: the list picks it up and follows its status.
  const queued = await call<{ job_id: string }>("POST", "/videos/register-and-process", { storage_path: target.file_path, modules: ["transcription"] });
  await page.reload();
  await expect(videos.status(fileName)).toHaveText(/Queued|Processing|Completed/);
  await snap(page, testInfo, "31-videos-processing");
  await expect(videos.status(fileName)).toHaveText("Completed", { timeout: 150_000 });

  // Move it to a project, then filter by that project and by status.
  await videos.openEdit(fileName);
  await snap(page, testInfo, "32-videos-edit-dialog", { fullPage: false });
  await videos.dialog.getByLabel("Project").selectOption({ label: "Holiday clips" });
  await videos.dialog.getByRole("button", { name: "Save" }).click();
  await expect(videos.dialog).toBeHidden();
  await expect(videos.row(fileName)).toContainText("Holiday clips");
  await videos.projectFilter().selectOption({ label: "Holiday clips (1)" });
  await expect(page).toHaveURL(/project=/);
  await expect(videos.rows).toHaveCount(1);
  await videos.filter(/^Failed/).isVisible().then((v) => expect(v).toBe(false));
  await videos.filter(/^Completed/).click();
  await expect(videos.rows).toHaveCount(1);

  // Reprocess with one more module: the old results go, the new run is followed to the end.
  await videos.openReprocess(fileName);
  await expect(videos.dialog.getByRole("checkbox", { name: "Transcription", exact: true })).toBeChecked();
  await expect(videos.dialog.getByRole("checkbox", { name: "Shots", exact: true })).not.toBeChecked();
  await videos.dialog.getByRole("checkbox", { name: "Shots", exact: true }).check();
  await snap(page, testInfo, "33-reprocess-dialog", { fullPage: false });
  await videos.dialog.getByRole("button", { name: "Reprocess" }).click();
  await expect(videos.dialog).toBeHidden({ timeout: 30_000 });
  await videos.filter(/^All/).click();
  await expect(videos.status(fileName)).toHaveText(/Queued|Processing/);
  await expect(videos.status(fileName)).toHaveText("Completed", { timeout: 150_000 });
  const after = await call<{ selected_insights: string }>("GET", `/videos/${queued.job_id}`);
  expect(JSON.parse(after.selected_insights).sort()).toEqual(["shots", "transcription"]);

  // Delete asks first; then the list is empty again.
  await videos.askToDelete(fileName);
  await videos.dialog.getByRole("button", { name: "Delete video" }).click();
  await expect(videos.rows).toHaveCount(0);
  await videos.projectFilter().selectOption({ label: "All projects" });
  await expect(page.getByText("No videos yet")).toBeVisible();
  await snap(page, testInfo, "34-videos-empty");
});
