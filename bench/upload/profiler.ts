// Optional CPU profile of a bench server during each measured upload: with BENCH_PROFILE_DIR set,
// `start()` (called on /__bench/reset) begins sampling and `stop()` (on /__bench/stats) writes
// `<dir>/<name>-<n>.cpuprofile` (open in Chrome DevTools or speedscope). Unset, both do nothing.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR;

export function benchProfiler(name: string) {
  let session: Session | null = null;
  let n = 0;
  return {
    async start() {
      if (!dir) return;
      if (!session) {
        session = new Session();
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 250 });
      }
      await session.post("Profiler.start");
    },
    async stop() {
      if (!dir || !session) return;
      const { profile } = await session.post("Profiler.stop");
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}-${process.pid}-${n++}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
