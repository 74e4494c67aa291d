import { expect, type Locator, type Page } from "@playwright/test";

/** The navigation and user panel around every signed-in page; collapsed behind a menu on phones. */
export class AppShell {
  readonly menuButton: Locator;
  readonly nav: Locator;
  readonly user: Locator;
  readonly signOutButton: Locator;

  constructor(readonly page: Page) {
    this.menuButton = page.getByRole("button", { name: /open menu|close menu/i });
    this.nav = page.getByRole("navigation", { name: "Main" });
    this.user = page.getByTestId("signed-in-user");
    this.signOutButton = page.getByRole("button", { name: "Sign out" });
  }

  /** On phones the navigation hides behind the menu button. */
  async openNav() {
    if (await this.menuButton.isVisible()) {
      if ((await this.menuButton.getAttribute("aria-expanded")) !== "true") await this.menuButton.click();
    }
    await expect(this.nav).toBeVisible();
  }

  async navigateTo(label: string) {
    await this.openNav();
    await this.nav.getByRole("link", { name: label, exact: true }).click();
  }

  async expectSignedInAs(email: string) {
    await this.openNav();
    await expect(this.user).toContainText(email);
  }

  async signOut() {
    await this.openNav();
    await this.signOutButton.click();
  }
}
