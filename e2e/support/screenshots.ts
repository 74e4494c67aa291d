// Screenshots of key steps for people to look at: e2e-output/screenshots/<step>-<project>.png
import type { Page, TestInfo } from "@playwright/test";

export async function snap(page: Page, testInfo: TestInfo, step: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({
    path: `e2e-output/screenshots/${step}-${testInfo.project.name}.png`,
    fullPage: opts.fullPage ?? true,
    animations: "disabled",
  });
}
