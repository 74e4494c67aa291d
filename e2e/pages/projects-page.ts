import { expect, type Locator, type Page } from "@playwright/test";

/** /projects: the list with create, edit and delete; and /projects/<id>: one project's videos. */
export class ProjectsPage {
  readonly heading: Locator;
  readonly newButton: Locator;
  readonly emptyState: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly dialogError: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Projects", level: 1 });
    this.newButton = page.getByRole("button", { name: "New project" });
    this.emptyState = page.getByText("No projects yet");
    this.rows = page.getByTestId("project-row");
    this.dialog = page.getByRole("dialog");
    this.dialogError = this.dialog.getByRole("alert");
  }

  async goto() {
    await this.page.goto("/projects");
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  nameInput(): Locator {
    return this.dialog.getByLabel("Name");
  }

  descriptionInput(): Locator {
    return this.dialog.getByLabel("Description");
  }

  submitButton(label: "Create project" | "Save"): Locator {
    return this.dialog.getByRole("button", { name: label });
  }

  async openNew() {
    await this.newButton.click();
    await expect(this.dialog).toBeVisible();
  }

  async create(fields: { name: string; description?: string }) {
    await this.openNew();
    await this.nameInput().fill(fields.name);
    if (fields.description !== undefined) await this.descriptionInput().fill(fields.description);
    await this.submitButton("Create project").click();
    await expect(this.dialog).toBeHidden();
  }

  async openEdit(name: string) {
    await this.row(name).getByRole("button", { name: `Edit project “${name}”` }).click();
    await expect(this.dialog).toBeVisible();
  }

  async askToDelete(name: string) {
    await this.row(name).getByRole("button", { name: `Delete project “${name}”` }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Opens a project from the list with the keyboard. */
  async open(name: string) {
    await this.row(name).getByRole("link", { name, exact: true }).focus();
    await this.page.keyboard.press("Enter");
    await expect(this.page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }

  // --- One project's page ---------------------------------------------------------------------

  videos(): Locator {
    return this.page.getByTestId("project-video");
  }

  video(name: string): Locator {
    return this.videos().filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  async deleteOpenProject() {
    await this.page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }
}
