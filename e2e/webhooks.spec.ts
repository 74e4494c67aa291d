// Webhooks in the browser: add an endpoint (a real receiver on this machine), keep its secret,
// send a test event, process a video, and read both deliveries in the log; the receiver checks
// every signature with the secret the page showed.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { signInAs } from "./pages/sign-in-page";
import { WebhooksPage } from "./pages/webhooks-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip, uploadFile } from "./support/clips";
import { snap } from "./support/screenshots";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() };
}

function verifies(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signed = `${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`;
  return r.headers["webhook-signature"] === "v1," + crypto.createHmac("sha256", key).update(signed).digest("base64");
}

test("add an endpoint, send a test event, process a video and see the deliveries", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const user = createUser({ email: uniqueEmail("webhooks"), name: "Wendy Webhook" });
    await signInAs(page, user.api_key); // the shell (and on phones its menu button) is there
    await new AppShell(page).navigateTo("Webhooks");
    const hooks = new WebhooksPage(page);
    await hooks.expectLoaded();

    await hooks.urlInput.fill(receiver.url);
    await expect(hooks.eventCheckbox("video.completed")).toBeChecked();
    await hooks.addButton.click();
    await expect(hooks.secret).toHaveValue(/^whsec_/);
    const secret = await hooks.secret.inputValue();
    await snap(page, testInfo, "webhooks-10-secret");
    await hooks.doneButton.click();
    await expect(hooks.endpoint(receiver.url)).toBeVisible();

    await hooks.endpoint(receiver.url).getByRole("button", { name: "Send test event" }).click();
    await expect(hooks.deliveryRow(receiver.url, "webhook.test")).toHaveAttribute("data-delivery-status", "delivered");
    await expect(hooks.deliveryRow(receiver.url, "webhook.test")).toContainText("204");

    // A script processes a video; its outcome reaches the receiver and shows in the log.
    const clip = makeClip(`webhooks-${testInfo.project.name}`, { subtitles: false });
    const { file_path } = await uploadFile(user.api_key, clip);
    const queued = await api(user.api_key)<{ job_id: string }>("POST", "/videos/register-and-process", { storage_path: file_path, modules: ["shots"] });
    const row = hooks.deliveryRow(receiver.url, "video.completed");
    await expect(row).toHaveAttribute("data-delivery-status", "delivered", { timeout: 120_000 });
    await row.getByRole("button", { name: "video.completed" }).click();
    await expect(hooks.endpoint(receiver.url).getByText(`"job_id": "${queued.job_id}"`)).toBeVisible();
    await snap(page, testInfo, "webhooks-20-log");

    const types = receiver.received.map((r) => JSON.parse(r.body).type);
    expect(types).toEqual(["webhook.test", "video.completed"]);
    for (const r of receiver.received) expect(verifies(secret, r)).toBe(true);
  } finally {
    receiver.close();
  }
});

// Found by CI on a loaded machine: the endpoint was added while the page's first read of the list
// was still on its way, and the list stayed empty after "Done". The server reads the list before
// the endpoint exists and answers only once it does; the page must read it again.
test("an endpoint added while the list is still loading is listed after Done", async ({ page }) => {
  const user = createUser({ email: uniqueEmail("webhooks-race"), name: "Rachel Race" });
  let created!: () => void;
  const endpointCreated = new Promise<void>((r) => (created = r));
  let heldBack = 0;
  await page.route("**/api/webhooks", async (route) => {
    if (route.request().method() !== "GET" || heldBack++ > 0) return route.fallback();
    const answer = await route.fetch(); // read now, before the endpoint exists…
    await endpointCreated; // …and delivered after it was added
    // The page may have given up on this read by now (that is the fix); then there is nothing to answer.
    await route.fulfill({ response: answer }).catch(() => undefined);
  });
  page.on("response", (r) => {
    if (r.request().method() === "POST" && new URL(r.url()).pathname === "/api/webhooks") created();
  });
  await signInAs(page, user.api_key);
  await new AppShell(page).navigateTo("Webhooks");
  const hooks = new WebhooksPage(page);
  await hooks.expectLoaded();
  const url = "http://127.0.0.1:9/race-hook";
  await hooks.urlInput.fill(url);
  await hooks.addButton.click();
  await expect(hooks.secret).toHaveValue(/^whsec_/);
  await hooks.doneButton.click();
  await expect(hooks.endpoint(url)).toBeVisible();
  expect(heldBack).toBeGreaterThan(1); // the held-back read happened, and another after it
});
