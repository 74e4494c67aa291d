import { expect, type Locator, type Page } from "@playwright/test";

/** /upload: add files, pick modules, start; each file is an item with its progress. */
export class UploadPage {
  readonly heading: Locator;
  readonly fileInput: Locator;
  readonly startButton: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Upload videos", level: 1 });
    this.fileInput = page.locator('input[type="file"]');
    this.startButton = page.getByRole("button", { name: /^Upload and analyze/ });
    this.items = page.getByTestId("upload-item");
  }

  async goto() {
    await this.page.goto("/upload");
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/upload$/);
    await expect(this.heading).toBeVisible();
  }

  async addFiles(paths: string[]) {
    await this.fileInput.setInputFiles(paths);
  }

  /** Drops files on the drop zone the way a drag from the desktop does (a DataTransfer of Files). */
  async dropFiles(files: { name: string; type: string; base64: string }[]) {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return dt;
    }, files);
    const zone = this.page.getByTestId("drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer });
    await expect(zone).toContainText("Drop to add");
    await zone.dispatchEvent("dragover", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });
  }

  item(name: string): Locator {
    return this.items.filter({ hasText: name });
  }

  moduleCheckbox(label: string): Locator {
    return this.page.getByRole("checkbox", { name: label, exact: true });
  }

  async start() {
    await this.startButton.click();
  }

  uploadProgress(name: string): Locator {
    return this.page.getByRole("progressbar", { name: `Upload of ${name}` });
  }

  processingProgress(name: string): Locator {
    return this.item(name).getByTestId("processing-progress");
  }

  /** A module row of the live progress: data-state waiting | running | done. */
  moduleRow(name: string, module: string): Locator {
    return this.processingProgress(name).locator(`[data-module="${module}"]`);
  }

  openResults(name: string): Locator {
    return this.item(name).getByRole("link", { name: "Open results" });
  }
}
