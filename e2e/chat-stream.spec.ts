// A streamed chat answer in the browser: on a slow connection the answer's words appear while it
// is still being written (several partial texts before the final one), and Stop ends an answer.
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { throttle } from "./support/big-clip";
import { createUser, uniqueEmail } from "./support/cli";
import { CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

test("a chat answer streams in progressively and can be stopped", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("stream"), name: "Sam Stream" });
  const clipName = `stream-clip-${testInfo.project.name}`;
  const jobId = await processClip(user.api_key, makeClip(clipName), { modules: ["transcription"] });

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.api_key);
  await expect(page).toHaveURL(/\/dashboard$/);
  const chat = new ChatPage(page);
  await chat.goto(`?video=${jobId}`);
  await expect(chat.conversationTitle()).toHaveText("New chat");

  // The answer's events trickle in at ~400 bytes a second.
  const unthrottle = await throttle(page, { download: 400 });
  const partials: string[] = [];
  const streaming = chat.conversation.getByTestId("streaming-answer");
  await chat.question.fill("what is green?");
  await chat.question.press("Enter");
  await expect(streaming).toBeVisible({ timeout: 30_000 });
  await snap(page, testInfo, "70-chat-streaming", { fullPage: false });
  // Keep reading the growing answer until the final one replaces it.
  while ((await chat.answers.count()) === 0) {
    // allTextContents does not wait for the element (it is gone once the final answer is in).
    const text = (await streaming.allTextContents())[0]?.trim();
    if (text && partials[partials.length - 1] !== text) partials.push(text);
    await page.waitForTimeout(100);
  }
  await unthrottle();
  const final = (await chat.answers.first().textContent()) ?? "";
  expect(final).toContain(CLIP_SUBTITLES[1].text);
  // Several growing partial texts, each a beginning of the next, none of them the whole answer.
  expect(partials.length).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < partials.length; i++) expect(partials[i].length).toBeGreaterThan(partials[i - 1].length);
  expect(partials[0].length).toBeLessThan(final.length / 2);

  // Stop: the answer ends where it was, the Ask button is back, and no error is shown.
  const stopThrottle = await throttle(page, { download: 200 });
  await chat.question.fill("what is blue?");
  await chat.question.press("Enter");
  await expect(streaming).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(chat.pending).toHaveCount(0);
  await expect(chat.askError).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0);
  await stopThrottle();
  await snap(page, testInfo, "71-chat-stopped", { fullPage: false });
});
