import { expect, type Locator, type Page } from "@playwright/test";

/** /videos/[jobId]: player, timeline lanes, segment tabs, downloads, sharing. */
export class ResultsPage {
  readonly video: Locator;
  readonly timeline: Locator;
  readonly downloads: Locator;
  readonly share: Locator;

  constructor(readonly page: Page) {
    this.video = page.getByTestId("results-video");
    this.timeline = page.getByTestId("timeline");
    this.downloads = page.getByRole("region", { name: "Downloads" });
    this.share = page.getByRole("region", { name: "Share" });
  }

  async expectLoaded(name: string) {
    await expect(this.page).toHaveURL(/\/videos\/[0-9a-f-]{36}/);
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }

  lane(module: string): Locator {
    return this.timeline.locator(`[data-lane="${module}"]`);
  }

  blocks(module: string): Locator {
    return this.lane(module).getByRole("button");
  }

  async currentTime(): Promise<number> {
    return this.video.evaluate((v: HTMLVideoElement) => v.currentTime);
  }

  /** Waits until the player has its media's metadata (so a seek lands). */
  async waitForMedia() {
    const state = () =>
      this.video.evaluate((v: HTMLVideoElement) => ({
        readyState: v.readyState,
        mode: v.dataset.mode,
        networkState: v.networkState,
        error: v.error?.code ?? null,
        src: v.currentSrc,
      }));
    await expect
      .poll(async () => (await state()).readyState, { timeout: 20_000, message: `the player never got its media: ${JSON.stringify(await state())}` })
      .toBeGreaterThanOrEqual(1);
  }

  tab(module: string | RegExp): Locator {
    return this.page.getByRole("tab", { name: module });
  }

  downloadButton(label: string): Locator {
    return this.downloads.getByRole("button", { name: label });
  }
}
