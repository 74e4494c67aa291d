import { expect, type Locator, type Page } from "@playwright/test";
import { ResultsPage } from "./results-page";

/** /chat: pick a video, then its conversation, sessions and player (the results page's player). */
export class ChatPage {
  readonly heading: Locator;
  readonly player: ResultsPage;
  readonly card: Locator;
  readonly video: Locator;
  readonly conversation: Locator;
  readonly sessions: Locator;
  readonly question: Locator;
  readonly askButton: Locator;
  readonly answers: Locator;
  readonly pending: Locator;
  readonly askError: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Chat", level: 1 });
    this.player = new ResultsPage(page);
    this.video = this.player.video;
    this.card = page.locator('section[aria-labelledby="conversation-heading"]');
    this.conversation = page.getByRole("log", { name: "Conversation" });
    this.sessions = page.getByRole("list", { name: "Chat sessions" });
    this.question = page.getByLabel("Your question");
    this.askButton = page.getByRole("button", { name: "Ask", exact: true });
    this.answers = this.conversation.locator('[data-role="assistant"]');
    this.pending = this.conversation.locator('[data-role="pending"]');
    this.askError = page.getByRole("form", { name: "Ask a question" }).getByRole("alert");
    this.dialog = page.getByRole("dialog");
  }

  async goto(query = "") {
    await this.page.goto(`/chat${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** On /chat without a video: the link to a video's chat. */
  videoLink(name: string): Locator {
    return this.page.getByRole("list", { name: "Videos" }).getByRole("link", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  }

  conversationTitle(): Locator {
    return this.card.locator("#conversation-heading");
  }

  /** Asks and waits for the answer (one more answer than before). */
  async ask(text: string) {
    const before = await this.answers.count();
    await this.question.fill(text);
    await this.askButton.click();
    await expect(this.answers).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(this.pending).toHaveCount(0);
  }

  /** The answer option behind its disclosure ("Answer from: …"): the API's vector or brute_force. */
  async chooseMode(label: "Closest moments" | "Whole video") {
    const radio = this.page.getByRole("radio", { name: label });
    if (!(await radio.isVisible())) await this.page.getByText(/^Answer from:/).click();
    await radio.check();
  }

  timeStamp(answer: Locator, label: string): Locator {
    return answer.getByRole("button", { name: `Play from ${label}` }).first(); // several moments may share a time
  }

  rateButton(answer: Locator, label: "Helpful" | "Not helpful"): Locator {
    return answer.getByRole("group", { name: "Rate this answer" }).getByRole("button", { name: label, exact: true });
  }

  session(title: string): Locator {
    return this.sessions.getByRole("link", { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  }

  sessionAction(label: "Rename" | "Delete"): Locator {
    return this.card.getByRole("button", { name: label, exact: true });
  }
}
