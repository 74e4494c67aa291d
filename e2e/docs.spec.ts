// The API docs page renders the OpenAPI document without network or sign-in.
import { expect, test } from "@playwright/test";
import { snap } from "./support/screenshots";

test("API docs list the endpoints by tag with their schemas", async ({ page, request }, testInfo) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, object> };
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Video Analysis API", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "API keys", level: 2 })).toBeVisible();

  const article = page.locator("article", { has: page.getByRole("heading", { name: "POST /api/keys" }) });
  await expect(article).toContainText("Request body");
  await expect(article).toContainText('"name"');
  await expect(article).toContainText("201");

  // Every documented path has a visible heading (the page's headings read once: one role query per
  // path over a page this long took a minute).
  const paths = Object.keys(doc.paths);
  expect(paths.length).toBeGreaterThan(50);
  // (an endpoint's heading is its method badge, then the path: "GET" + "/api/health")
  const headings = (await page.getByRole("heading").allInnerTexts()).map((h) => h.replace(/\s+/g, " ").trim());
  const missing = paths.filter((p) => !headings.some((h) => new RegExp(`^[A-Z]+ ?/api${p.replace(/[{}]/g, "\\$&")}$`).test(h)));
  expect(missing).toEqual([]);

  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, "09-docs", { fullPage: false });
  await article.scrollIntoViewIfNeeded();
  await snap(page, testInfo, "10-docs-endpoint", { fullPage: false });
});
