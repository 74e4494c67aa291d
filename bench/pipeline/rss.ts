// Resident memory and CPU time of a process and all its descendants (Linux /proc).
import fs from "node:fs";

const PAGE = 4096;
const TICK = 100; // USER_HZ on Linux

function readProc(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null; // exited meanwhile
  }
}

/** The pids of `root` and every descendant. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(Number(entry), "stat");
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

export function processTreeRss(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) total += Number(readProc(pid, "statm")?.split(" ")[1] ?? 0) * PAGE;
  return total;
}

/** What a process of the server's tree is, for the CPU table. */
function kindOf(pid: number, root: number): string {
  const argv = (readProc(pid, "cmdline") ?? "").split("\0");
  const cmd = argv.join(" ");
  if (/ffmpeg/.test(argv[0] ?? "")) {
    if (cmd.includes("split=2")) return "ffmpeg decode pass";
    if (cmd.includes("hls")) return "ffmpeg hls";
    return "ffmpeg other";
  }
  if (cmd.includes("onnx-host")) return "onnx process (OCR, speech regions)";
  if (cmd.includes("tfjs-models")) return "tfjs process (labels, sentence encoder)";
  if (/pocketsphinx/.test(cmd)) return "pocketsphinx";
  if (pid === root) return "start script";
  if (/node/.test(argv[0] ?? "") || /next-server/.test(cmd)) return "node server";
  return argv[0]?.split("/").pop() || "?";
}

/** Node's threads: the main one (tid = pid), others by name (a worker thread keeps its creator's name). */
function threadKind(name: string, main: boolean): string {
  if (main) return "main thread";
  if (name.startsWith("next-server") || name === "node") return "worker threads";
  if (name.startsWith("libuv")) return "libuv pool (fs, zlib, crypto)";
  if (name.startsWith("V8") || name.startsWith("v8")) return "V8 GC/compiler";
  return name.replace(/\d+$/, "#");
}

/**
 * CPU seconds per kind of process in a tree, sampled: call `sample()` often (every 200 ms); a
 * process that exits between two samples loses at most its last interval. The node server's
 * threads are split by thread name (main thread, libuv pool, workers).
 */
export class TreeCpu {
  private readonly last = new Map<string, { kind: string; ticks: number }>();
  /** A process's kind, fixed when first seen (an exiting process has no command line left). */
  private readonly kinds = new Map<number, string>();

  constructor(private readonly root: number) {}

  sample(): void {
    for (const pid of processTree(this.root)) {
      let kind = this.kinds.get(pid);
      if (!kind) {
        kind = kindOf(pid, this.root);
        if (kind === "?") continue;
        // A child seen between fork and exec still shows node's command line: decide again later.
        if (kind !== "node server") this.kinds.set(pid, kind);
      }
      if (kind === "node server") {
        let tids: string[] = [];
        try {
          tids = fs.readdirSync(`/proc/${pid}/task`);
        } catch {
          continue;
        }
        for (const tid of tids) {
          const stat = readProc(pid, `task/${tid}/stat`);
          if (!stat) continue;
          const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
          this.note(`${pid}/${tid}`, `node server: ${threadKind(name, tid === String(pid))}`, stat);
        }
      } else {
        const stat = readProc(pid, "stat");
        if (stat) this.note(String(pid), kind, stat);
      }
    }
  }

  private note(key: string, kind: string, stat: string): void {
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime (fields 14, 15 of stat: 12, 13 after the comm)
    const ticks = Number(f[11]) + Number(f[12]);
    this.last.set(key, { kind, ticks });
  }

  /** CPU seconds per kind, largest first, since `before` (a previous `totals()`). */
  totals(before?: Map<string, number>): Map<string, number> {
    const sum = new Map<string, number>();
    for (const { kind, ticks } of this.last.values()) sum.set(kind, (sum.get(kind) ?? 0) + ticks / TICK);
    if (before) for (const [k, v] of before) sum.set(k, (sum.get(k) ?? 0) - v);
    return new Map([...sum].filter(([, v]) => v > 0.05).sort((a, b) => b[1] - a[1]));
  }
}
