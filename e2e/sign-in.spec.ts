// Local sign-in with an API key, the app shell, and the API keys page end to end.
import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { DashboardPage } from "./pages/dashboard-page";
import { KeysPage } from "./pages/keys-page";
import { SignInPage } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { snap } from "./support/screenshots";

test.describe("sign-in with an API key", () => {
  test("a wrong key shows the server's detail and stays signed out", async ({ page }, testInfo) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await snap(page, testInfo, "01-sign-in");

    await signIn.signIn(`svc_live_${"0".repeat(64)}`);
    await expect(signIn.error).toHaveText("Invalid or inactive API key");
    await expect(page).toHaveURL(/\/sign-in/);
    await snap(page, testInfo, "02-sign-in-wrong-key");

    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  });

  test("sign in, see the shell, then create, deactivate and delete a key", async ({ page, request }, testInfo) => {
    const user = createUser({ email: uniqueEmail("keys"), name: `Ada Keys ${testInfo.project.name}` });
    const signIn = new SignInPage(page);
    const shell = new AppShell(page);
    const dashboard = new DashboardPage(page);
    const keys = new KeysPage(page);

    // Signed out, a page of the app leads to sign-in and comes back after it, query and all.
    await page.goto("/search?q=green");
    await signIn.expectVisible();
    await signIn.signIn(user.api_key);
    await expect(page).toHaveURL(/\/search\?q=green$/);
    await expect(page.getByLabel("Search for")).toHaveValue("green");

    await shell.navigateTo("API keys");
    await keys.expectLoaded();

    await shell.navigateTo("Dashboard");
    await dashboard.expectLoaded({ email: user.email, name: user.name });
    await snap(page, testInfo, "03-dashboard");
    await shell.expectSignedInAs(user.email);
    await snap(page, testInfo, "04-shell-nav-open");

    await shell.navigateTo("API keys");
    await keys.expectLoaded();
    await expect(keys.row("default")).toContainText("This browser");
    await expect(keys.row("default")).toContainText(`${user.api_key.slice(0, 17)}…`);

    // Create: the full key is shown once, and it works.
    const rawKey = await keys.create("ci-runner");
    expect(rawKey).toMatch(/^svc_live_[0-9a-f]{64}$/);
    await snap(page, testInfo, "05-key-created");
    await expect(keys.row("ci-runner")).toContainText(`${rawKey.slice(0, 17)}…`);
    await expect(keys.row("ci-runner")).toContainText("Active");
    await expect(keys.row("ci-runner")).toContainText("Never");
    await keys.dismissNewKey();
    await expect(page.getByText(rawKey)).toHaveCount(0);
    expect((await request.get("/api/dashboard", { headers: { Authorization: rawKey } })).status()).toBe(200);

    // Deactivate: the key stops authenticating.
    await keys.deactivate("ci-runner");
    await expect(keys.row("ci-runner")).toContainText("Inactive");
    await expect(keys.row("ci-runner").getByRole("button", { name: "Activate key ci-runner" })).toBeVisible();
    const rejected = await request.get("/api/dashboard", { headers: { Authorization: rawKey } });
    expect(rejected.status()).toBe(401);
    expect(await rejected.json()).toEqual({ detail: "Invalid or inactive API key" });
    await snap(page, testInfo, "06-key-deactivated");

    // Delete, after confirming.
    await keys.askToDelete("ci-runner");
    await expect(keys.dialog).toContainText("cannot be undone");
    await snap(page, testInfo, "07-delete-confirm");
    await keys.confirmDialog("Delete key");
    await expect(keys.dialog).toBeHidden();
    await expect(keys.row("ci-runner")).toHaveCount(0);
    await expect(keys.row("default")).toHaveCount(1);

    // Sign out: the key leaves the browser and the app needs sign-in again.
    await shell.signOut();
    await signIn.expectVisible();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.goto("/dashboard");
    await signIn.expectVisible();
  });

  test("deactivating the key this browser uses signs it out with the server's reason", async ({ page }, testInfo) => {
    const user = createUser({ email: uniqueEmail("self"), name: "Sam Self" });
    const signIn = new SignInPage(page);
    const keys = new KeysPage(page);

    await signIn.goto();
    await signIn.signIn(user.api_key);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/keys");
    await keys.expectLoaded();

    await keys.deactivate("default");
    await expect(keys.dialog).toContainText("signed out");
    await keys.confirmDialog("Deactivate and sign out");

    await signIn.expectVisible();
    await expect(page.getByRole("status").filter({ hasText: "You were signed out" })).toContainText(
      "Invalid or inactive API key",
    );
    await snap(page, testInfo, "08-signed-out-after-deactivation");
  });
});
