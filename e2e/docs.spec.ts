// The API docs page renders the OpenAPI document without network or sign-in.
import { expect, test } from "@playwright/test";
import { snap } from "./support/screenshots";

test("API docs list the endpoints by tag with their schemas", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000); // one visibility check per documented path (over 80 now)
  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, object> };
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Video Analysis API", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "API keys", level: 2 })).toBeVisible();

  const article = page.locator("article", { has: page.getByRole("heading", { name: "POST /api/keys" }) });
  await expect(article).toContainText("Request body");
  await expect(article).toContainText('"name"');
  await expect(article).toContainText("201");

  for (const path of Object.keys(doc.paths)) {
    await expect(page.getByRole("heading", { name: new RegExp(` /api${path.replace(/[{}]/g, "\\$&")}$`) }).first()).toBeVisible();
  }

  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, "09-docs", { fullPage: false });
  await article.scrollIntoViewIfNeeded();
  await snap(page, testInfo, "10-docs-endpoint", { fullPage: false });
});
