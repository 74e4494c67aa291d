// The dashboard: the minutes processed agree with the usage API (a self-hosted install shows no
// plan, limit or remaining minutes), recent videos show their status and open their results, and the quick upload hands
// dropped files to the upload page.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInAs } from "./pages/sign-in-page";
import { UploadPage } from "./pages/upload-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

const minutes = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} min`;

test("dashboard: allowance, recent videos and quick upload", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("dashboard"), name: "Dana Dashboard" });
  const clip = makeClip(`dashboard-${testInfo.project.name}`);
  const fileName = path.basename(clip);

  await signInAs(page, user.api_key);
  const allowance = page.getByRole("region", { name: "Processing", exact: true });
  const recent = page.getByRole("region", { name: "Recent videos" });
  await expect(allowance.getByTestId("allowance-used")).toHaveText("0 min");
  // A self-hosted install has no trial, plan or limit to speak of: the runs so far.
  await expect(allowance).toContainText("0 runs so far");
  await expect(allowance).not.toContainText(/trial|plan|limit|remaining/i);
  await expect(allowance.getByRole("meter")).toHaveCount(0);
  await expect(recent).toContainText("No videos yet");
  await snap(page, testInfo, "70-dashboard-empty");

  // A run made by a script: the page picks it up and the allowance moves by its minutes.
  const jobId = await processClip(user.api_key, clip, { modules: ["shots"] });
  const summary = await api(user.api_key)<{ total_minutes: number; remaining_trial_minutes: number; total_limit_minutes: number }>("GET", "/usage/summary");
  expect(summary.total_minutes).toBeGreaterThan(0);
  await page.reload();
  await expect(allowance.getByTestId("allowance-used")).toHaveText(minutes(summary.total_minutes));
  await expect(allowance).not.toContainText(minutes(summary.total_limit_minutes));
  const row = recent.getByTestId("recent-video").filter({ hasText: fileName });
  await expect(row).toContainText("Completed");
  await snap(page, testInfo, "71-dashboard-with-video");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/videos/${jobId}$`));

  // Quick upload: a dropped file arrives on the upload page, checked and ready for its modules.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  const upload = new UploadPage(page);
  await upload.dropFiles([{ name: "quick.mp4", type: "video/mp4", base64: fs.readFileSync(clip).toString("base64") }]);
  await expect(page).toHaveURL(/\/upload$/);
  await expect(upload.item("quick.mp4")).toHaveAttribute("data-phase", "ready");
  await snap(page, testInfo, "72-quick-upload-handed-over");
});
