// A bench server's RSS and CPU time read from /proc by the bench process, so the server itself
// does no sampling (the same for the app server, the bare baseline and a running `npm start`):
// RSS peak since reset (every 20 ms), CPU time since reset for the whole process, its main thread
// and its other threads, which shows where the server's time goes.
import fs from "node:fs";

/** utime + stime of a /proc stat line, in ms (clock ticks of 1/100 s). */
function statCpuMs(stat: string): number {
  const f = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/** CPU time (ms) of the main thread and of all other threads (Node names them all "node": libuv's pool, V8's GC helpers, …). */
function threadCpuMs(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue; // the thread ended meanwhile
    }
    const name = tid === String(pid) ? "main" : "other threads";
    out.set(name, (out.get(name) ?? 0) + statCpuMs(stat));
  }
  return out;
}

export interface ProcStats {
  base: number;
  peak: number;
  cpuMs: number;
  threads: Record<string, number>;
}

export function watchProcess(pid: number) {
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  const cpuMs = () => statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  let base = rss();
  let peak = base;
  let cpu0 = cpuMs();
  let threads0 = threadCpuMs(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  return {
    reset() {
      base = peak = rss();
      cpu0 = cpuMs();
      threads0 = threadCpuMs(pid);
    },
    stats(): ProcStats {
      const threads: Record<string, number> = {};
      for (const [name, ms] of threadCpuMs(pid)) if (ms > (threads0.get(name) ?? 0)) threads[name] = ms - (threads0.get(name) ?? 0);
      return { base, peak: Math.max(peak, rss()), cpuMs: cpuMs() - cpu0, threads };
    },
    stop: () => clearInterval(timer),
  };
}

/** "main 1.20, libuv-worker 0.40, …" in seconds, largest first. */
export function formatThreads(threads: Record<string, number>): string {
  return Object.entries(threads)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`)
    .join(", ");
}
