// Vitest setup file (vitest.config.mts, vitest.crash.config.mts). The app reads its configuration
// once (env() in lib/env); tests change the environment between cases and inside them (a file's
// DATA_DIR, a fake model server's URL, vi.stubEnv). Every change to process.env made here makes the
// app read it again (resetEnv), so no test has to; and each test starts from a fresh reading.
import { afterEach, beforeEach } from "vitest";
import { resetEnv } from "@/lib/env";

const WATCHED = Symbol.for("va.env.watched");
const current = process.env as NodeJS.ProcessEnv & { [WATCHED]?: true };

if (!current[WATCHED]) {
  process.env = new Proxy(current, {
    get: (target, name) => (name === WATCHED ? true : Reflect.get(target, name)),
    set(target, name, value) {
      const done = Reflect.set(target, name, value);
      resetEnv();
      return done;
    },
    deleteProperty(target, name) {
      const done = Reflect.deleteProperty(target, name);
      resetEnv();
      return done;
    },
    defineProperty(target, name, descriptor) {
      const done = Reflect.defineProperty(target, name, descriptor);
      resetEnv();
      return done;
    },
  });
}

resetEnv();
// vi.unstubAllEnvs deletes through Vitest's own view of the environment, not through process.env.
beforeEach(resetEnv);
afterEach(resetEnv);
