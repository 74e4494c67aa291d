import { expect, type Locator, type Page } from "@playwright/test";

/** /keys: create, deactivate/activate and delete keys. Rows are table rows on wide screens and
 * cards on phones; both carry data-key-id, and only the visible one is used. */
export class KeysPage {
  readonly heading: Locator;
  readonly nameInput: Locator;
  readonly createButton: Locator;
  readonly newKeyValue: Locator;
  readonly doneButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "API keys", level: 1 });
    this.nameInput = page.getByLabel("New key name");
    this.createButton = page.getByRole("button", { name: "Create key" });
    this.newKeyValue = page.getByTestId("new-key-value");
    this.doneButton = page.getByRole("button", { name: /Done/ });
    this.dialog = page.getByRole("dialog");
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/keys$/);
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.page
      .locator("[data-key-id]")
      .filter({ visible: true })
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Creates a key and returns the full key shown once. */
  async create(name: string): Promise<string> {
    await this.nameInput.fill(name);
    await this.createButton.click();
    await expect(this.newKeyValue).toBeVisible();
    return this.newKeyValue.inputValue();
  }

  async dismissNewKey() {
    await this.doneButton.click();
    await expect(this.newKeyValue).toHaveCount(0);
  }

  async deactivate(name: string) {
    await this.row(name).getByRole("button", { name: `Deactivate key ${name}` }).click();
  }

  async activate(name: string) {
    await this.row(name).getByRole("button", { name: `Activate key ${name}` }).click();
  }

  async askToDelete(name: string) {
    await this.row(name).getByRole("button", { name: `Delete key ${name}` }).click();
    await expect(this.dialog).toBeVisible();
  }

  async confirmDialog(label: string | RegExp) {
    await this.dialog.getByRole("button", { name: label }).click();
  }
}
