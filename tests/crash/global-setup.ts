// Builds the app once for the crash suite (a no-op when the sources did not change since the
// last build), with the same public environment as Playwright's server so both share the build.
import { spawnSync } from "node:child_process";

export default function setup(): void {
  const r = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`building the app failed (${r.status})`);
}
