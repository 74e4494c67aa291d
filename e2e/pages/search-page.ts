import { expect, type Locator, type Page } from "@playwright/test";

/** /search: the query box, the filters (video, modules, minimum similarity) and the hits. */
export class SearchPage {
  readonly heading: Locator;
  readonly queryInput: Locator;
  readonly submit: Locator;
  readonly videoSelect: Locator;
  readonly modules: Locator;
  readonly threshold: Locator;
  readonly thresholdValue: Locator;
  readonly results: Locator;
  readonly hits: Locator;
  readonly empty: Locator;
  readonly error: Locator;
  readonly queryError: Locator;
  readonly filtersToggle: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Search", level: 1 });
    const form = page.getByRole("search", { name: "Search your videos" });
    this.queryInput = form.getByLabel("Search for");
    this.submit = form.getByRole("button", { name: "Search" });
    this.videoSelect = page.getByLabel("Video", { exact: true });
    this.modules = page.getByRole("group", { name: "Modules" });
    this.threshold = page.getByRole("slider", { name: "Minimum similarity" });
    this.thresholdValue = page.getByTestId("threshold-value");
    this.results = page.getByRole("list", { name: "Search results" });
    this.hits = page.getByTestId("search-hit");
    this.empty = page.getByTestId("search-empty");
    this.error = page.getByTestId("search-error");
    this.queryError = form.getByRole("alert");
    this.filtersToggle = page.getByRole("button", { name: /^Filters/ });
  }

  async goto(query = "") {
    await this.page.goto(query ? `/search?${query}` : "/search");
    await expect(this.heading).toBeVisible();
  }

  /** Types the query and presses Enter, as a keyboard user would. */
  async search(text: string) {
    await this.queryInput.fill(text);
    await this.queryInput.press("Enter");
  }

  /** On phones the filters are folded behind a toggle; elsewhere they are always shown. */
  async openFilters() {
    if ((await this.filtersToggle.isVisible()) && (await this.filtersToggle.getAttribute("aria-expanded")) !== "true") {
      await this.filtersToggle.click();
    }
    await expect(this.threshold).toBeVisible();
  }

  moduleChip(label: string): Locator {
    return this.modules.getByRole("button", { name: label, exact: true });
  }

  /** Moves the slider with the arrow keys (steps of 0.05) until it shows `value`. */
  async setThreshold(value: number) {
    await this.threshold.focus();
    for (let i = 0; i < 40; i++) {
      const now = Number(await this.threshold.inputValue());
      if (Math.abs(now - value) < 1e-6) break;
      await this.threshold.press(now < value ? "ArrowRight" : "ArrowLeft");
    }
    await expect(this.thresholdValue).toHaveText(value.toFixed(2));
  }

  hit(module: string): Locator {
    return this.hits.filter({ has: this.page.locator(`[data-testid="hit-module"]`, { hasText: module }) });
  }

  /** The `data-module` of every hit, in order. */
  async hitModules(): Promise<string[]> {
    return this.hits.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.module ?? ""));
  }
}
