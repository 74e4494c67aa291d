// What a person reads on an offline install: no model, library or provider names, no ids, raw
// flags or error codes on any page (light and dark, desktop and phone), unless a person opens the
// details; the local user gets no "Hello, Local"; webhook deliveries that fail say why in words.
// With SHOTS_DIR set, every page is also photographed there (light and dark) for people to look at;
// CI checks the words only (the colour scheme does not change them).
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { appPages } from "./support/app-pages";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip, processClip } from "./support/clips";

/**
 * Internals a person should never have to read: library and model names, raw flags, error codes,
 * the local user, and raw data in a segment's details (boxes, pass counts, word timings, person numbers).
 */
const INTERNAL =
  /paddleocr|ppocr|tfjs|onnx|blazeface|centernet|pocketsphinx|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|@localhost\b|Trial active|standard plan|Analysed by|ocr_read|Brute force|OPENAI_API_KEY|Shots?: 0\b|\bBox: \d|Support: \d|\bWords: \w+, \d|Person index/i;
/** A plural after one ("1 shots"). */
const ONE_PLURAL = /(?<![\d.,])\b1 (shots|scenes|segments|moments|videos|cues|lines|files|keys|minutes|people|faces|objects)\b/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const SHOTS_DIR = process.env.SHOTS_DIR;

/** With SHOTS_DIR set: the whole page as a picture in SHOTS_DIR/SHOTS_PHASE (default "after"). */
async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  const dir = path.join(SHOTS_DIR, process.env.SHOTS_PHASE || "after");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${testInfo.project.name}.png`), fullPage: true, animations: "disabled" });
}

/** The text the page shows (closed details and hidden elements are not shown, so not included). */
async function visibleText(page: Page): Promise<string> {
  return page.locator("body").innerText();
}

async function expectPlain(page: Page, where: string) {
  const text = await visibleText(page);
  expect.soft(text.match(INTERNAL)?.[0] ?? null, `${where}: internal word on screen`).toBeNull();
  expect.soft(text.match(ONE_PLURAL)?.[0] ?? null, `${where}: a plural after one`).toBeNull();
  expect.soft(text.match(UUID)?.[0] ?? null, `${where}: an id on screen`).toBeNull();
}

test("no internals on any page, light and dark; failed webhook deliveries in words", async ({ page }, testInfo) => {
  test.setTimeout(480_000);
  // The first-start local user has this shape: no real name, no real address.
  const user = createUser({ email: uniqueEmail("plain").replace(/@example\.com$/, "@localhost"), name: "Local user" });
  const call = api(user.api_key);
  const clip = makeClip(`plain-${testInfo.project.name}`);
  const jobId = await processClip(user.api_key, clip, { modules: ["shots", "scenes", "transcription", "visualelements", "logos", "video_reasoning"] });
  const { share_hash } = await call<{ share_hash: string }>("POST", `/videos/${jobId}/share`);
  // A webhook to an address that does not resolve: its delivery fails.
  const hook = await call<{ id: string }>("POST", "/webhooks", { url: "http://no-such-host.invalid/hook", events: ["video.completed"] });
  await call("POST", `/webhooks/${hook.id}/test`);
  await expect
    .poll(async () => (await call<{ error: string | null }[]>("GET", `/webhooks/${hook.id}/deliveries`))[0]?.error ?? null, { timeout: 30_000 })
    .not.toBeNull();

  const pages: [string, string][] = appPages(jobId, share_hash);
  const schemes = testInfo.project.name === "phone" ? (["light"] as const) : (["light", "dark"] as const);
  await page.goto("/sign-in");
  await page.evaluate((key) => window.localStorage.setItem("va.api_key", key), user.api_key);
  for (const [name, url] of pages) {
    await page.goto(url);
    await expect(page.locator("main").first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    if (name === "webhooks") {
      // The delivery log of the endpoint: the failure in words.
      await page.getByRole("button", { name: "Show deliveries" }).click();
      await expect(page.getByTestId("delivery-log")).toBeVisible();
    }
    for (const scheme of SHOTS_DIR ? schemes : []) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await photograph(page, testInfo, `${name}-${scheme}`);
    }
    if (name !== "docs") await expectPlain(page, name);
  }

  // The places item 3 named, checked by their words too.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Hello, Local/);
  await page.goto(`/chat?video=${jobId}`);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByText("Brute force", { exact: false })).toHaveCount(0);
  await page.goto("/webhooks");
  await expect(page.getByText(/WEBHOOK_ALLOW_PRIVATE_URLS/).first()).toBeVisible();
  await page.getByRole("button", { name: "Show deliveries" }).click();
  await expect(page.getByTestId("delivery-log").getByText("The address could not be found").first()).toBeVisible();
  await photograph(page, testInfo, "webhooks-deliveries-light");
  await expectPlain(page, "webhooks with deliveries");

  // A segment's details, opened: fields in words; no library, method or provider names, no raw flags.
  await page.goto(`/videos/${jobId}?module=visualelements`);
  const panel = page.getByRole("tabpanel");
  await panel.locator("details summary").first().click();
  await expect(panel.locator("details").first()).toContainText("Made by");
  await expect(panel.locator("details").first()).toContainText("Analysis on this computer");
  await photograph(page, testInfo, "results-details-light");
  await expectPlain(page, "results with a segment's details open");
  // The install has no vision model: said nowhere on the results…
  await expect(page.getByText(/No vision model|No reasoning model/)).toHaveCount(0);
  // …but once in the module picker, where Logos (which would find nothing) is off.
  await page.goto("/upload");
  await expect(page.getByRole("checkbox", { name: "Logos", exact: true })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Shots", exact: true })).toBeChecked();
  await expect(page.getByTestId("module-offline-note").filter({ hasText: "only brand names written on screen" })).toBeVisible();

  // A stored file whose video was deleted can be analysed again from the storage page.
  await call("DELETE", `/videos/${jobId}`);
  await page.goto("/storage");
  await page.getByRole("button", { name: /^Analyse .* again$/ }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("checkbox", { name: "Shots", exact: true })).toBeChecked();
  await photograph(page, testInfo, "storage-analyse-again-light");
  await dialog.getByRole("button", { name: "Analyse", exact: true }).click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  expect(new URL(page.url()).pathname).not.toBe(`/videos/${jobId}`);
});
