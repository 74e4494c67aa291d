import { expect, type Locator, type Page } from "@playwright/test";

export class DashboardPage {
  readonly profile: Locator;
  readonly keysCard: Locator;

  constructor(readonly page: Page) {
    this.profile = page.getByRole("region", { name: "Profile" });
    this.keysCard = page.getByRole("region", { name: "API keys" });
  }

  async expectLoaded(opts: { email: string; name: string }) {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.profile).toContainText(opts.email);
    await expect(this.profile).toContainText(opts.name);
  }
}
