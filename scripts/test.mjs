// npm test: lint and the type check, the vitest suites (unit + API against real databases), the
// crash suite (the real server as child processes: kill -9, SIGTERM, full disk, abuse), then the
// Playwright specs in Debian Chromium against the production server. Fails if any fails.
import { spawnSync } from "node:child_process";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const run = (cmd, args) => {
  const t0 = Date.now();
  const status = spawnSync(cmd, args, { stdio: "inherit", env: process.env }).status ?? 1;
  console.log(`\n== ${cmd} ${args.join(" ")}: exit ${status} after ${Math.round((Date.now() - t0) / 1000)} s ==\n`);
  return status;
};

const lint = run("npm", ["run", "lint"]);
if (lint !== 0) console.error("lint failed");
const types = run("npx", ["tsc", "--noEmit", "-p", "."]);
if (types !== 0) console.error("type check failed");
const unit = run("npx", ["vitest", "run"]);
const crash = run("npx", ["vitest", "run", "-c", "vitest.crash.config.mts"]);
const e2e = process.env.SKIP_E2E ? 0 : run("npx", ["playwright", "test"]);
if (unit !== 0) console.error("vitest failed");
if (crash !== 0) console.error("crash suite failed");
if (e2e !== 0) console.error("playwright failed");
process.exit(lint || types || unit || crash || e2e);
