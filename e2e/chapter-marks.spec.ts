// Chapter marks on the player's progress bar: a talk in one long shot whose subtitle track covers
// three topics gets three chapters (cut where the topic changes), and the bar under the picture
// marks where the second and third begin; a mark seeks the player to its chapter.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ResultsPage } from "./pages/results-page";
import { signInAs } from "./pages/sign-in-page";
import { api, processClip } from "./support/clips";
import { createUser, uniqueEmail } from "./support/cli";
import { snap } from "./support/screenshots";

const TOPICS = [
  [
    "We boarded the overnight express at the central station just before midnight.",
    "The sleeping car had narrow bunks and a tiny washbasin in the corner.",
    "Somewhere past the border the locomotive was changed in a quiet yard.",
    "By morning the train was rolling through vineyards and small villages.",
  ],
  [
    "A healthy hive holds tens of thousands of worker bees in summer.",
    "The queen lays up to two thousand eggs on a good day.",
    "Beekeepers wear a veil and use smoke to calm the colony.",
    "In late summer we harvest the honey and leave enough for winter.",
  ],
  [
    "The final was played in front of sixty thousand supporters.",
    "The home side scored early with a header from a corner kick.",
    "The goalkeeper made three brilliant saves in the second half.",
    "In the end the cup was decided by a penalty shootout.",
  ],
];

const srtTime = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, "0")},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;

/** 36 s of one still picture (one shot), a sentence every 3 s with 0.3 s between them. */
function talkClip(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-talk-"));
  const srt = path.join(dir, "talk.srt");
  fs.writeFileSync(srt, TOPICS.flat().map((t, i) => `${i + 1}\n${srtTime(i * 3)} --> ${srtTime(i * 3 + 2.7)}\n${t}\n`).join("\n"));
  const out = path.join(dir, "talk.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=navy:s=320x180:r=25:d=36", "-f", "lavfi", "-i", "sine=frequency=220:sample_rate=44100:duration=36", "-i", srt,
    "-map", "0:v", "-map", "1:a", "-map", "2:s", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac", "-c:s", "mov_text", out]);
  return out;
}

test("the player's progress bar marks where each chapter begins; a mark plays from there", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("chapter-marks"), name: "Mara Marks" });
  const jobId = await processClip(user.api_key, talkClip(), { modules: ["transcription"] });
  const chapters = await api(user.api_key)<{ start: number; title: string }[]>("GET", `/videos/${jobId}/chapters`);
  expect(chapters.map((c) => c.start)).toEqual([0, 11.85, 23.85]);

  await signInAs(page, user.api_key);
  await page.goto(`/videos/${jobId}`);
  const results = new ResultsPage(page);
  await results.waitForMedia();
  const marks = page.getByTestId("player-progress").getByTestId("player-chapter-mark");
  await expect(marks).toHaveCount(2, { timeout: 20_000 });
  await expect(marks.nth(0)).toHaveAttribute("title", `00:11 ${chapters[1]!.title}`);
  await marks.nth(1).click();
  await expect.poll(() => results.currentTime()).toBeCloseTo(23.85, 0);
  await snap(page, testInfo, "85-chapter-marks", { fullPage: false });
});
