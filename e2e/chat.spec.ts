// Chat about a processed clip in a browser: pick the video, ask (no language model here, so the
// answer lists the matching moments), click a cited time stamp and see the player seek to the
// moment, rate the answer and find the rating after a reload, ask again in brute-force mode,
// rename and delete the session, and see the server's words when an ask is refused.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

const GREEN = CLIP_SUBTITLES[1]; // "Now everything is green" at 2.2 s

/** A whole-page screenshot from the top (a phone's sticky top bar would otherwise be drawn mid-page). */
async function snapPage(page: Page, testInfo: TestInfo, step: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, step);
}

test("chat about a video: answers with time stamps, ratings, modes and sessions", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("chat"), name: "Chris Chat" });
  const clipName = `chat-clip-${testInfo.project.name}`;
  const jobId = await processClip(user.api_key, makeClip(clipName), { modules: ["transcription"] });

  await signInAs(page, user.api_key);

  // --- Pick the video -------------------------------------------------------------------------
  const chat = new ChatPage(page);
  await chat.goto();
  await expect(chat.videoLink(clipName)).toBeVisible();
  await expect.poll(() => chat.videoLink(clipName).locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snapPage(page, testInfo, "50-chat-pick-video");
  await chat.videoLink(clipName).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?video=${jobId}$`));
  await expect(chat.conversationTitle()).toHaveText("New chat");
  await expect(page.getByText("No sessions yet")).toBeVisible();

  // An empty question cannot be sent, by button or by Enter.
  await expect(chat.askButton).toBeDisabled();
  await chat.question.fill("   ");
  await expect(chat.askButton).toBeDisabled();
  await chat.question.press("Enter");
  await expect(chat.pending).toHaveCount(0);
  await snapPage(page, testInfo, "51-chat-new");

  // --- Ask: the answer cites [00:02] ------------------------------------------------------------
  await chat.ask("what is green?");
  const first = chat.answers.first();
  // No model here: the header says once that answers are composed without one; the answer itself does not.
  await expect(page.getByTestId("chat-composed-offline")).toHaveText(/without a language model/);
  await expect(first).not.toContainText("language model");
  await expect(first).toContainText(GREEN.text);
  await expect(page).toHaveURL(new RegExp(`/chat\\?video=${jobId}&session=[0-9a-f-]{36}$`));
  const sessionId = new URL(page.url()).searchParams.get("session")!;
  await expect(chat.session("what is green?")).toHaveAttribute("aria-current", "page");
  await expect(chat.conversationTitle()).toHaveText("what is green?");
  await expect(chat.question).toHaveValue("");
  await snapPage(page, testInfo, "52-chat-answer");

  // The time stamp seeks the player to the moment it cites (2.2 s, not the rounded 2 s).
  await chat.player.waitForMedia();
  const stamp = chat.timeStamp(first, "00:02");
  await expect(stamp).toBeVisible();
  await stamp.click();
  await expect.poll(() => chat.player.currentTime(), { timeout: 10_000 }).toBeCloseTo(GREEN.start, 1);
  await expect(chat.video).toBeInViewport();
  await snap(page, testInfo, "53-chat-seeked", { fullPage: false });

  // --- Rate it (by keyboard); the rating is the server's after a reload ----------------------------
  const helpful = chat.rateButton(first, "Helpful");
  await expect(helpful).toHaveAttribute("aria-pressed", "false");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/chat/feedback") && r.request().method() === "POST");
  await helpful.focus();
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(201);
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(chat.answers).toHaveCount(1);
  await expect(chat.rateButton(chat.answers.first(), "Helpful")).toHaveAttribute("aria-pressed", "true");
  await expect(chat.rateButton(chat.answers.first(), "Not helpful")).toHaveAttribute("aria-pressed", "false");

  // --- Brute force: the whole analysis ----------------------------------------------------------
  await chat.chooseMode("Whole video");
  await expect(page.getByRole("radio", { name: "Whole video" })).toBeChecked();
  await chat.ask("and the blue sea?");
  const second = chat.answers.nth(1);
  await expect(second).toContainText("And finally the blue sea");
  await expect(second).toContainText("Whole video");
  await expect(chat.answers.first()).toContainText("Closest moments");
  // The whole analysis fits, so each line keeps its own time: the blue sea is cited at 00:04.
  await expect(chat.timeStamp(second, "00:04")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("session")).toBe(sessionId);
  await expect(chat.session("what is green?")).toContainText("4 messages");
  await snapPage(page, testInfo, "54-chat-brute-force");

  // --- Rename ------------------------------------------------------------------------------------
  await chat.sessionAction("Rename").click();
  await expect(chat.dialog).toBeVisible();
  await chat.dialog.getByLabel("Title").fill("Colours of the clip");
  await snap(page, testInfo, "55-chat-rename-dialog", { fullPage: false });
  await chat.dialog.getByRole("button", { name: "Save" }).click();
  await expect(chat.dialog).toBeHidden();
  await expect(chat.conversationTitle()).toHaveText("Colours of the clip");
  await expect(chat.session("Colours of the clip")).toHaveAttribute("aria-current", "page");

  // --- Delete (confirmed) ------------------------------------------------------------------------
  await chat.sessionAction("Delete").click();
  await expect(chat.dialog).toContainText("“Colours of the clip” and its 4 messages will be deleted.");
  await snap(page, testInfo, "56-chat-delete-confirm", { fullPage: false });
  await chat.dialog.getByRole("button", { name: "Delete session" }).click();
  await expect(chat.dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/chat\\?video=${jobId}$`));
  await expect(page.getByText("No sessions yet")).toBeVisible();
  await expect(chat.conversationTitle()).toHaveText("New chat");
  await expect(chat.answers).toHaveCount(0);

  // --- Refused: the session went away behind the page's back; the server's words show ---------------
  await chat.ask("where is the red room?");
  // The page puts the new session in its address after the answer shows; wait for it before reading it.
  await expect(page).toHaveURL(new RegExp(`/chat\\?video=${jobId}&session=[0-9a-f-]{36}$`));
  const doomed = new URL(page.url()).searchParams.get("session")!;
  await api(user.api_key)("DELETE", `/chat/sessions/${doomed}`);
  await chat.question.fill("and then?");
  await chat.askButton.click();
  await expect(chat.askError).toContainText("Chat session not found");
  await expect(chat.question).toHaveValue("and then?");
  await expect(chat.session("where is the red room?")).toHaveCount(0);
  await snapPage(page, testInfo, "57-chat-error");
  await chat.askError.getByRole("link", { name: "Start a new chat" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?video=${jobId}$`));
  await expect(chat.askError).toHaveCount(0);
  await expect(chat.conversationTitle()).toHaveText("New chat");

  // The results page leads here too.
  await page.goto(`/videos/${jobId}`);
  await page.getByRole("link", { name: "Ask about it" }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?video=${jobId}$`));
  await expect(chat.session("where is the red room?")).toHaveCount(0);
});
