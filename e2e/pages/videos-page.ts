import { expect, type Locator, type Page } from "@playwright/test";

/** /videos: the list with status badges, filters and per-video actions. */
export class VideosPage {
  readonly heading: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Videos", level: 1 });
    this.rows = page.getByTestId("video-row");
    this.dialog = page.getByRole("dialog");
  }

  async goto() {
    await this.page.goto("/videos");
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  status(name: string): Locator {
    return this.row(name).locator("[data-status]");
  }

  filter(label: string | RegExp): Locator {
    return this.page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: label });
  }

  async openEdit(name: string) {
    await this.row(name).getByRole("button", { name: `Edit “${name}”` }).click();
    await expect(this.dialog).toBeVisible();
  }

  async edit(name: string, fields: { name?: string; description?: string; project?: string }) {
    await this.openEdit(name);
    if (fields.name !== undefined) await this.dialog.getByLabel("Name").fill(fields.name);
    if (fields.description !== undefined) await this.dialog.getByLabel("Description").fill(fields.description);
    if (fields.project !== undefined) await this.dialog.getByLabel("Project").selectOption({ label: fields.project });
    await this.dialog.getByRole("button", { name: "Save" }).click();
    await expect(this.dialog).toBeHidden();
  }

  async openReprocess(name: string) {
    await this.row(name).getByRole("button", { name: `Reprocess “${name}”` }).click();
    await expect(this.dialog).toBeVisible();
  }

  projectFilter(): Locator {
    return this.page.getByLabel("Filter by project");
  }

  async askToDelete(name: string) {
    await this.row(name).getByRole("button", { name: `Delete “${name}”` }).click();
    await expect(this.dialog).toBeVisible();
  }
}
