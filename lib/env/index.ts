// The app's configuration, read once: the environment checked by lib/env/schema.ts, with the
// defaults of lib/env/defaults.ts. Every module reads `env().<NAME>`; only lib/env touches
// process.env (besides the entry points: scripts, benches, tests and tool configs; eslint.config.mjs
// enforces it). An invalid environment stops the server at start (lib/env/check-env.ts); here it
// throws the same message.
import { processSingleton } from "@/lib/core/process-singleton";
import { checkEnv, describeProblems } from "./check-env";
import { applyDefaults, type Config } from "./defaults";

export type { Config } from "./defaults";

// On globalThis: Next's separate bundles (routes, instrumentation) share one reading.
const state = processSingleton<{ config?: Config }>("__vaEnv", () => ({}));

export function env(): Config {
  if (state.config) return state.config;
  const check = checkEnv();
  if (!check.ok) throw new Error(describeProblems(check.problems));
  state.config = Object.freeze(applyDefaults(check.env));
  return state.config;
}

/**
 * Forgets the configuration read: the next env() reads process.env again. The one way to re-read,
 * for tests and tools that change the environment (tests/helpers/reread-env.ts does it on every
 * change made in a test).
 */
export function resetEnv(): void {
  state.config = undefined;
}
