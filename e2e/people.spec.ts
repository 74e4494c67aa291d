// People on the results page: a clip of real photos of people (Human's face-detection screenshot,
// shipped in node_modules) processed with visualelements shows its people, each with a face, a
// name and their appearances on a time lane; clicking an appearance seeks the player, and a rename
// shows at once.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { processClip } from "./support/clips";
import { snap } from "./support/screenshots";

/** 0–2 s the man, 2–4 s a woman, 4–6 s the man again (framed tighter, mirrored), 6–8 s grey. */
function peopleClip(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-people-"));
  const out = path.join(dir, "people.mp4");
  const src = path.join(process.cwd(), "node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg");
  const shot = (crop: string, extra = "") => `crop=${crop},scale=-2:360${extra},pad=640:360:(ow-iw)/2:0:gray,setsar=1,fps=25,format=yuv420p`;
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-loop", "1", "-t", "2", "-i", src, "-loop", "1", "-t", "2", "-i", src, "-loop", "1", "-t", "2", "-i", src,
    "-f", "lavfi", "-i", "color=c=gray:s=640x360:r=25:d=2",
    "-filter_complex",
    `[0]${shot("160:160:0:340")}[a];[1]${shot("160:160:160:340")}[b];[2]${shot("130:130:15:345", ",hflip")}[c];[3]setsar=1,format=yuv420p[d];[a][b][c][d]concat=n=4:v=1:a=0[v]`,
    "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out,
  ]);
  return out;
}

test("the results page shows people with their appearances on a time lane", async ({ page }, testInfo) => {
  test.setTimeout(420_000);
  const user = createUser({ email: uniqueEmail("people"), name: "Pia People" });
  const jobId = await processClip(user.api_key, peopleClip(), { modules: ["visualelements"], timeoutMs: 360_000 });

  await signInAs(page, user.api_key);
  await page.goto(`/videos/${jobId}`);
  const results = new ResultsPage(page);
  await results.waitForMedia();

  const people = page.getByTestId("person");
  await expect(people).toHaveCount(2, { timeout: 30_000 });
  await expect(people.first().getByTestId("person-name")).toHaveText("Person 1");
  await expect(people.first().getByRole("img", { name: "Face of Person 1" })).toBeVisible();
  // The man: two appearances on his lane; the woman: one.
  await expect(people.first().getByTestId("appearance")).toHaveCount(2);
  await expect(people.nth(1).getByTestId("appearance")).toHaveCount(1);
  // Each face picture loads (a real JPEG behind the playback token).
  await expect.poll(() => people.first().getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // An appearance seeks the player to its start.
  await people.first().getByTestId("appearance").nth(1).click();
  await expect.poll(() => results.currentTime()).toBeCloseTo(4, 0);

  // Rename: the new name shows at once.
  await people.first().getByRole("button", { name: "Rename Person 1" }).click();
  await page.getByLabel("Name of Person 1").fill("Alice Moreau");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(people.first().getByTestId("person-name")).toHaveText("Alice Moreau");
  await expect(people.first().getByRole("img", { name: "Face of Alice Moreau" })).toBeVisible();
  await snap(page, testInfo, "90-people-results", { fullPage: false });

  // On a phone the appearance bars are big enough for a finger (at least 24 px each way).
  const phone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const tap = await phone.newPage();
  await signInAs(tap, user.api_key);
  await tap.goto(`/videos/${jobId}`);
  const bars = tap.getByTestId("appearance");
  await expect(bars).toHaveCount(3, { timeout: 30_000 });
  for (const box of await Promise.all((await bars.all()).map((b) => b.boundingBox()))) {
    expect(box!.height).toBeGreaterThanOrEqual(24);
    expect(box!.width).toBeGreaterThanOrEqual(24);
  }
  await phone.close();
});
