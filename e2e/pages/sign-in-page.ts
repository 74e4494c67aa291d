import { expect, type Locator, type Page } from "@playwright/test";

export class SignInPage {
  readonly heading: Locator;
  readonly keyInput: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Sign in" });
    this.keyInput = page.getByLabel("API key", { exact: true });
    this.submit = page.getByRole("button", { name: "Sign in" });
    // Scoped to the form: Next adds its own role="alert" route announcer to every page.
    this.error = page.locator("form").getByRole("alert");
  }

  async goto() {
    await this.page.goto("/sign-in");
    await this.expectVisible();
  }

  async expectVisible() {
    await expect(this.page).toHaveURL(/\/sign-in/);
    await expect(this.heading).toBeVisible();
  }

  async signIn(key: string) {
    await this.keyInput.fill(key);
    await this.submit.click();
  }
}
