// The shell by keyboard: a skip link first, and on phones a menu button that opens the
// navigation and gives focus back when Escape closes it.
import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { SignInPage } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";

test("the shell is reachable by keyboard", async ({ page }, testInfo) => {
  const user = createUser({ email: uniqueEmail("kbd"), name: "Kay Board" });
  const signIn = new SignInPage(page);
  const shell = new AppShell(page);
  await signIn.goto();
  await signIn.signIn(user.api_key);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Hello, Kay" })).toBeVisible();

  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

  if (testInfo.project.name === "phone") {
    await expect(shell.nav).toBeHidden();
    await page.keyboard.press("Tab"); // the logo link
    await page.keyboard.press("Tab");
    await expect(shell.menuButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(shell.menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(shell.nav).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(shell.nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(shell.nav).toBeHidden();
    await expect(shell.menuButton).toBeFocused();
  } else {
    await expect(shell.nav).toBeVisible();
    await page.keyboard.press("Tab"); // the logo link
    await page.keyboard.press("Tab");
    await expect(shell.nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await expect(shell.nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  }
});
