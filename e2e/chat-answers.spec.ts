// Chat without a language model answers questions that do not repeat the video's words (issue 35):
// "When does someone mention a train?" finds the overnight express, "When do they talk about the
// weather?" the thunderstorm, each with its time; "Who is in this video?" lists the people found,
// by the name given to one of them, with their times.
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, processClip } from "./support/clips";
import { makeSaidTopicsClip } from "./support/said-topics-clip";
import { snap } from "./support/screenshots";

test("offline chat: when is a train mentioned, when is the weather talked about, who is in the video", async ({ page }, testInfo) => {
  test.setTimeout(480_000);
  const user = createUser({ email: uniqueEmail("chat-answers"), name: "Carla Chat" });
  const jobId = await processClip(user.api_key, makeSaidTopicsClip(`said-${testInfo.project.name}`), {
    modules: ["transcription", "visualelements", "video_reasoning"],
    timeoutMs: 420_000,
  });
  const people = await api(user.api_key)<{ person_id: string; name: string }[]>("GET", `/videos/${jobId}/people`);
  expect(people.length).toBeGreaterThanOrEqual(2);
  await api(user.api_key)("PATCH", `/videos/${jobId}/people/${people[0]!.person_id}`, { name: "Alice Moreau" });

  await signInAs(page, user.api_key);
  const chat = new ChatPage(page);
  await chat.goto(`?video=${jobId}`);

  await chat.ask("When does someone mention a train?");
  const train = chat.answers.nth(0);
  await expect(train).toContainText("We boarded the overnight express at the central station");
  await expect(chat.timeStamp(train, "00:00")).toBeVisible();

  await chat.ask("When do they talk about the weather?");
  const weather = chat.answers.nth(1);
  await expect(weather).toContainText("The thunderstorm knocked out power");
  await expect(chat.timeStamp(weather, "00:03")).toBeVisible();

  await chat.ask("Who is in this video?");
  const who = chat.answers.nth(2);
  await expect(who).toContainText("Alice Moreau");
  await expect(who).toContainText(people[1]!.name);
  await expect(who.locator("li")).toHaveCount(people.length);
  await expect(chat.timeStamp(who, "00:00")).toBeVisible();
  await snap(page, testInfo, "72-offline-chat-answers");
});
