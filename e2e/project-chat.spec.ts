// Chat across a project in a browser: two processed clips in one project, the chat page's project
// picker, a question whose offline answer cites both videos, and each citation — a link naming its
// video — opening that video's results with the player at the cited time.
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { ResultsPage } from "./pages/results-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

const GREEN = CLIP_SUBTITLES[1]; // "Now everything is green" at 2.2 s

test("a project-scoped chat cites two videos and each citation opens its video at that time", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const user = createUser({ email: uniqueEmail("project-chat"), name: "Pat Project" });
  const call = api(user.api_key);
  const project = await call<{ id: string }>("POST", "/projects", { name: `Colour studies ${testInfo.project.name}` });
  const names = [`pc-first-${testInfo.project.name}`, `pc-second-${testInfo.project.name}`];
  const jobs: string[] = [];
  for (const name of names) jobs.push(await processClip(user.api_key, makeClip(name), { modules: ["transcription"], projectId: project.id }));

  await signInAs(page, user.api_key);

  // --- Pick the project on the chat page -------------------------------------------------------
  const chat = new ChatPage(page);
  await chat.goto();
  const projectLink = page.getByRole("list", { name: "Projects" }).getByRole("link", { name: /Colour studies/ });
  await expect(projectLink).toContainText("2 videos");
  await projectLink.click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?project=${project.id}$`));
  await expect(page.getByText(/About the project/)).toContainText("Colour studies");

  // --- Ask: the answer cites both videos, each by name and time ----------------------------------
  await chat.ask("where is it green?");
  const answer = chat.answers.first();
  await expect(page.getByTestId("chat-composed-offline")).toContainText("the videos' analysis");
  await expect(answer).not.toContainText("language model");
  await expect(page).toHaveURL(new RegExp(`/chat\\?project=${project.id}&session=[0-9a-f-]{36}$`));
  const citations = names.map((name, i) => answer.getByRole("link", { name: `${name}.mp4 00:02` }).and(answer.locator(`a[href="/videos/${jobs[i]}?t=${GREEN.start}"]`)));
  for (const c of citations) await expect(c).toBeVisible();
  await snap(page, testInfo, "60-project-chat-answer");

  // --- Each citation opens its video at that moment ----------------------------------------------
  const results = new ResultsPage(page);
  for (let i = 0; i < names.length; i++) {
    await citations[i]!.click();
    await expect(page).toHaveURL(new RegExp(`/videos/${jobs[i]}\\?t=2\\.2$`));
    await results.expectLoaded(`${names[i]}.mp4`);
    await results.waitForMedia();
    await expect.poll(() => results.currentTime(), { timeout: 10_000 }).toBeGreaterThan(GREEN.start - 0.1);
    expect(await results.currentTime()).toBeLessThan(GREEN.start + 0.5);
    if (i === 0) {
      await page.goBack();
      await expect(chat.answers.first()).toBeVisible();
    }
  }
});
