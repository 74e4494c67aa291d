// Offline chat on a clip whose subtitles talk about six unrelated things (no language model is
// configured for the e2e server): the header says once that answers are composed without one;
// "What is this video about?" names the topics with their times and lists the key moments;
// "Summarize it in three bullet points" answers with exactly three bullets. Search keeps the
// video's summary apart from the moments, as "About this video".
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { processClip } from "./support/clips";
import { snap } from "./support/screenshots";
import { makeTopicsClip } from "./support/topics-clip";

test("offline chat: what the video is about, and a summary in three bullet points", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("offline-chat"), name: "Olive Offline" });
  const clipName = `topics-${testInfo.project.name}`;
  const jobId = await processClip(user.api_key, makeTopicsClip(clipName), { modules: ["transcription", "video_reasoning"] });

  await signInAs(page, user.api_key);

  const chat = new ChatPage(page);
  await chat.goto(`?video=${jobId}`);
  // Said once, in the header — not in every answer.
  await expect(page.getByTestId("chat-composed-offline")).toHaveText(/composed from the video's analysis .* without a language model/);

  await chat.ask("What is this video about?");
  const about = chat.answers.first();
  for (const topic of ["doctor's appointment", "birthday cake", "football match", "heavy snow", "winter holidays"]) await expect(about).toContainText(topic);
  await expect(about).toContainText("Key moments");
  await expect(about).toContainText("The football match ended two nil after a late penalty.");
  await expect(chat.timeStamp(about, "00:09")).toBeVisible(); // the football match's key moment, with its time
  await expect(about).not.toContainText("language model");
  await expect(about).not.toContainText(/\b\d+ (shots?|scenes?|cues?)\b/);

  await chat.ask("Summarize it in three bullet points");
  const bullets = chat.answers.nth(1);
  await expect(bullets.locator("li")).toHaveCount(3);
  await expect(bullets.locator("ul")).toHaveCount(1);
  for (const item of await bullets.locator("li").all()) await expect(item).toHaveText(/\d\d:\d\d/); // each with its time
  await snap(page, testInfo, "70-offline-chat-summary");

  // Search: the moment is the first hit; the summary is "About this video", not a hit.
  await page.goto(`/search?q=${encodeURIComponent("football match")}&video=${jobId}`);
  const hits = page.getByTestId("search-hit");
  await expect(hits.first()).toHaveAttribute("data-module", "transcription");
  await expect(hits.first()).toContainText("The football match ended two nil");
  await expect(page.locator('[data-testid="search-hit"][data-module="video_reasoning"]')).toHaveCount(0);
  await expect(page.getByTestId("search-about")).toContainText("football match");
  await snap(page, testInfo, "71-offline-search-about");
});
