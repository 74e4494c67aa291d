// A streamed chat answer in the browser: the answer's words appear while it is still being
// written (several growing partial texts render before the final one). Stopping is covered by
// tests/api/chat-stream.test.ts.
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

// fixme (2026-11-26): on a machine at load ~30 the page saw the streamed answer in one render
// (desktop) while phone passed; the API test (tests/api/chat-stream.test.ts) checks the deltas.
// Needs a check that does not depend on render timing (e.g. count delta events in the page).
test.fixme("a chat answer streams in progressively", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("stream"), name: "Sam Stream" });
  const clipName = `stream-clip-${testInfo.project.name}`;
  const jobId = await processClip(user.api_key, makeClip(clipName), { modules: ["transcription"] });

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.api_key);
  await expect(page).toHaveURL(/\/dashboard$/);
  const chat = new ChatPage(page);
  // The machine running the specs may be busy: the video can take a while to load.
  await page.goto(`/chat?video=${jobId}`);
  await expect(chat.conversationTitle()).toHaveText("New chat", { timeout: 60_000 });

  // Every text the growing answer shows is recorded in the page as it renders.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __partials: string[] }).__partials = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="streaming-answer"]');
      const text = el?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // A question that matches every line, so the answer is a few lines long.
  await chat.question.fill("the red room, everything green, the blue sea?");
  await chat.question.press("Enter");
  await expect(chat.answers.first()).toContainText(CLIP_SUBTITLES[1].text, { timeout: 60_000 });
  const final = (await chat.answers.first().textContent()) ?? "";
  const partials = await page.evaluate(() => (window as unknown as { __partials: string[] }).__partials);
  // Growing partial texts (at least two) before the final answer, the first far shorter than it.
  expect(partials.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < partials.length; i++) expect(partials[i]!.length).toBeGreaterThan(partials[i - 1]!.length);
  expect(partials[0]!.length).toBeLessThan(final.length / 2);
  await snap(page, testInfo, "70-chat-streamed", { fullPage: false });
});
