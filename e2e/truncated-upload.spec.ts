// A damaged upload through the page (issue 30, item 5): the first 60 KB of an 11 s MP4 (its index
// first, so it still declares 11 s). It is analysed up to where its data ends; the upload item and
// the results page say so in words, show the duration really analysed, and nothing on screen names
// a system error, a working file or a path. An MP4 cut before its index is refused in words.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { signInAs } from "./pages/sign-in-page";
import { UploadPage } from "./pages/upload-page";
import { createUser, uniqueEmail } from "./support/cli";
import { snap } from "./support/screenshots";

/** What a person must never read: system error codes, writers' temporary names, paths. */
const INTERNALS = /\bE(?:NOENT|ACCES|PERM|IO|MFILE)\b|\.part\b|no such file|rename '|\/(?:tmp|root|srv|work|var|home)\//;

/** The first `bytes` of an 11 s testsrc MP4; `faststart` puts its index (moov) first. */
function truncatedMp4(name: string, bytes: number, faststart: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-truncated-"));
  const whole = path.join(dir, "whole.mp4");
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=11",
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=16000:duration=11",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac",
    ...(faststart ? ["-movflags", "+faststart"] : []), whole,
  ]);
  const out = path.join(dir, name);
  fs.writeFileSync(out, fs.readFileSync(whole).subarray(0, bytes));
  return out;
}

test("a truncated upload is analysed up to where it ends, said in words, without internals", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("truncated"), name: "Tess Truncated" });
  const cut = truncatedMp4("cut-short.mp4", 60_000, true);
  const noIndex = truncatedMp4("no-index.mp4", 60_000, false);

  await signInAs(page, user.api_key);
  await new AppShell(page).navigateTo("Upload");
  const upload = new UploadPage(page);
  await upload.expectLoaded();
  // Shots and Scenes only: quick, and enough to read frames to the end of the data.
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await upload.moduleCheckbox("Shots").check();
  await upload.moduleCheckbox("Scenes").check();

  await upload.addFiles([cut, noIndex]);
  await upload.start();

  // The file cut before its index: refused at registration, in words.
  await expect(upload.item("no-index.mp4")).toContainText("not a readable video", { timeout: 60_000 });
  expect(await upload.item("no-index.mp4").innerText()).not.toMatch(INTERNALS);

  // The file cut short: completed, with the note where it ends.
  const progress = upload.processingProgress("cut-short.mp4");
  await expect(progress).toContainText("Analysis complete", { timeout: 180_000 });
  const note = progress.getByTestId("run-note");
  await expect(note).toHaveText(/^The file ends at 0:01\.\d of a declared 0:11: /);
  expect(await upload.item("cut-short.mp4").innerText()).not.toMatch(INTERNALS);
  await snap(page, testInfo, "truncated-upload-done");

  // The results page: the same note, and the duration really analysed (not the declared 11 s).
  await upload.openResults("cut-short.mp4").click();
  await expect(page.getByRole("heading", { name: "cut-short.mp4", level: 1 })).toBeVisible();
  await expect(page.getByTestId("run-note")).toHaveText(/^The file ends at 0:01\.\d of a declared 0:11: /);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText(/Duration\s*1(\.\d)? s/);
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(INTERNALS);
  await snap(page, testInfo, "truncated-upload-results");
});
