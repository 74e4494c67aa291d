import path from "node:path";
import { defineConfig } from "vitest/config";

// The crash suite (tests/crash): the real app as child processes (`node scripts/start.mjs`), killed,
// restarted, stopped, filled up and abused. One file at a time (they time recoveries); built once
// in the global setup (start.mjs skips the build when sources are unchanged, Playwright reuses it).
// The two-process takeover runs when TEST_DATABASE_URL names a PostgreSQL server.
const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  // tests/cli/cli-json drives the route handlers in process: `server-only` as in vitest.config.mts.
  resolve: { alias: { "@": root, "server-only": path.join(root, "node_modules/server-only/empty.js") } },
  test: {
    // tests/cli: the CLI end to end against the same production server (it needs the build too).
    include: ["tests/crash/**/*.test.ts", "tests/cli/**/*.test.ts"],
    exclude: process.env.TEST_DATABASE_URL ? [] : ["tests/crash/**/*postgres*.test.ts"],
    globalSetup: ["tests/crash/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 600_000,
    pool: "forks",
    env: { NEXT_TELEMETRY_DISABLED: "1" },
    setupFiles: ["tests/helpers/reread-env.ts"],
  },
});
