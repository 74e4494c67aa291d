// Playwright in Debian's Chromium (`npx playwright install` cannot download here) against the
// production server (`npm run start`: builds when sources changed, migrates, starts next) on its
// own port with a fresh, empty data directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 3123);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// One data directory per run, shared by the server and the specs (which create users through the
// CLI). The config is evaluated again in each worker; workers inherit this variable from the
// main process, so they all see the same directory.
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-"));
process.env.E2E_BASE_URL = BASE_URL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e-output/test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [["list"], ["html", { outputFolder: "e2e-output/report", open: "never" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    // Phones run the flows whose layout differs there (menu, folded filters, key cards, pinned
    // question box, every page under axe); API-shaped flows (webhooks, captions, playback,
    // multipart, docs, project chat, streaming) run on desktop only, to keep CI under 25 minutes.
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /[\\/](app-shell|pages|sign-in|search|chat|upload-and-results|dashboard|projects)\.spec\.ts$/,
    },
  ],
  webServer: {
    command: "npm run start",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    // The first run builds the app.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      // Local mode with the embedded database, whatever the developer's shell holds.
      DATABASE_URL: "",
      NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "",
      CLERK_SECRET_KEY: "",
      CLERK_JWT_KEY: "",
      // The webhooks spec's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: "1",
      // So does the import spec's file server (as in tests/api/import.test.ts).
      IMPORT_ALLOW_PRIVATE_URLS: "1",
      // The server's per-step info lines would bury the specs' own output in CI's log; warnings and
      // errors still show (LOG_LEVEL=info in the shell brings them back).
      LOG_LEVEL: process.env.LOG_LEVEL || "warn",
    },
  },
});
