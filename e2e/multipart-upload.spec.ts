// A large file (above the multipart threshold) uploaded from the browser in parts: the network
// goes off mid-upload and comes back, then the page is reloaded mid-upload and the same file is
// added again; the upload resumes and no part the server already stored is sent again.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Request } from "@playwright/test";
import { choosePartSize } from "@/lib/core/multipart-layout";
import { signInAs } from "./pages/sign-in-page";
import { UploadPage } from "./pages/upload-page";
import { makeBigClip, throttle } from "./support/big-clip";
import { createUser, uniqueEmail } from "./support/cli";
import { api } from "./support/clips";
import { snap } from "./support/screenshots";

const MIB = 1024 * 1024;
const PART = /\/api\/storage\/multipart\/([0-9a-f-]{36})\/parts\/(\d+)\?/;
const MODULES = ["Transcription", "Visual elements", "Scenes", "Grouped shots", "Logos", "Video reasoning"];

test("a large upload goes offline, reloads, and resumes without resending stored parts", async ({ page, context }, testInfo) => {
  test.setTimeout(300_000);
  const user = createUser({ email: uniqueEmail("multipart"), name: "Maya Multipart" });
  const clip = makeBigClip(`large-${testInfo.project.name}`, 72 * MIB);
  const fileName = path.basename(clip);
  const size = fs.statSync(clip).size;
  const partCount = Math.ceil(size / choosePartSize(size)); // 8 MiB parts at this size

  await signInAs(page, user.api_key);

  // Every part PUT the browser makes, and the ones the server answered 200.
  const started: { part: number; phase: string }[] = [];
  const storedOk = new Map<number, number>();
  let phase = "first";
  page.on("request", (r: Request) => {
    const m = PART.exec(r.url());
    if (m && r.method() === "PUT") started.push({ part: Number(m[2]), phase });
  });
  page.on("requestfinished", async (r: Request) => {
    const m = PART.exec(r.url());
    if (!m || r.method() !== "PUT") return;
    if ((await r.response())?.status() === 200) storedOk.set(Number(m[2]), (storedOk.get(Number(m[2])) ?? 0) + 1);
  });
  page.on("dialog", (d) => void d.accept());

  const upload = new UploadPage(page);
  await upload.goto();
  for (const label of MODULES) await upload.moduleCheckbox(label).uncheck();
  await upload.addFiles([clip]);
  await expect(upload.item(fileName)).toHaveAttribute("data-phase", "ready");
  // Slow enough to go offline and reload in the middle (~18 s for the whole file, 4 parts at a time).
  let unthrottle = await throttle(page, { upload: 4 * MIB });
  await upload.start();
  await expect(upload.uploadProgress(fileName)).toBeVisible();

  // --- The network drops after two parts are stored, and comes back ---------------------------
  await expect.poll(() => storedOk.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await context.setOffline(true);
  await page.waitForTimeout(1500);
  // Still uploading (waiting to be online), not failed.
  await expect(upload.item(fileName)).toHaveAttribute("data-phase", "uploading");
  await snap(page, testInfo, "60-multipart-offline");
  const beforeDrop = new Set(storedOk.keys());
  phase = "after-drop";
  await context.setOffline(false);
  unthrottle = await throttle(page, { upload: 4 * MIB });

  // --- One more part, then the page reloads mid-upload ----------------------------------------
  await expect.poll(() => storedOk.size, { timeout: 60_000 }).toBeGreaterThan(beforeDrop.size);
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("va-multipart:")));
  expect(key).toMatch(new RegExp(`^va-multipart:${fileName.replace(/[.]/g, "\\.")}:${fs.statSync(clip).size}:\\d+$`));
  await page.reload();
  await unthrottle();
  const beforeReload = new Set(storedOk.keys());
  phase = "after-reload";
  await upload.expectLoaded();
  for (const label of MODULES) await upload.moduleCheckbox(label).uncheck();
  await upload.addFiles([clip]);
  await expect(upload.item(fileName)).toContainText("resumes the unfinished upload");
  await snap(page, testInfo, "61-multipart-resumable");
  await upload.start();
  await expect(upload.item(fileName)).toHaveAttribute("data-phase", /starting|started/, { timeout: 120_000 });

  // No part was stored twice; nothing the server had before the reload went up again after it.
  // A part in flight when the page reloaded may have been stored without the browser seeing the
  // answer: the resumed upload learns that from the server and does not send it again, so every
  // part was either answered 200 or was in flight at the reload.
  const answered = new Set(storedOk.keys());
  const inFlightAtReload = new Set(started.filter((s) => s.phase !== "after-reload" && !beforeReload.has(s.part)).map((s) => s.part));
  const parts = Array.from({ length: partCount }, (_, i) => i + 1);
  expect(parts.filter((n) => !answered.has(n) && !inFlightAtReload.has(n))).toEqual([]);
  expect(answered.size).toBeGreaterThan(beforeReload.size);
  for (const [part, times] of storedOk) expect(times, `part ${part} stored ${times} times`).toBe(1);
  const resent = started.filter((s) => s.phase === "after-reload" && beforeReload.has(s.part));
  expect(resent).toEqual([]);
  expect(started.filter((s) => s.phase === "after-reload").length).toBeGreaterThan(0);
  expect(started.filter((s) => s.phase === "after-drop" && beforeDrop.has(s.part))).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("va-multipart:")))).toEqual([]);

  // The stored file is the whole file.
  const files = await api(user.api_key)<{ files: { name: string; size: number }[] }>("GET", "/storage/files");
  expect(files.files.find((f) => f.name === fileName)?.size).toBe(fs.statSync(clip).size);
  await snap(page, testInfo, "62-multipart-done");
});
