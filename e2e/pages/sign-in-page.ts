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

/** Signs in with an API key on the sign-in page and lands on the dashboard, as every spec starts. */
export async function signInAs(page: Page, key: string): Promise<void> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(key);
  await expect(page).toHaveURL(/\/dashboard$/);
}
