// Shared measures of the quality benches: word error rate, CPU time of this process and its children.
import fs from "node:fs";
import path from "node:path";

export const MEDIA = path.join(import.meta.dirname, ".media/x");

/** A media file of the fetched packages, or exit with how to fetch them. */
export function media(rel: string): string {
  const p = path.join(MEDIA, rel);
  if (!fs.existsSync(p)) {
    console.error(`missing ${p}: run bash bench/quality/fetch-media.sh first`);
    process.exit(2);
  }
  return p;
}

/** Levenshtein distance between two token lists. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Word error rate of `hyp` against `ref` (1 for words heard where none were said). */
export function wordErrorRate(ref: readonly string[], hyp: readonly string[]): number {
  if (!ref.length) return hyp.length ? 1 : 0;
  return editDistance(ref, hyp) / ref.length;
}

/** Spoken-form normalisation used by WER scorers (abbreviations written out, case and punctuation dropped). */
export function normaliseWords(text: string): string[] {
  const spoken: Record<string, string> = { mr: "mister", mrs: "missus", dr: "doctor", st: "saint" };
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => spoken[w] ?? w);
}

/** CPU seconds used by this process (user + system) and by its waited-for children. */
function statFields(pid: number | "self"): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * CPU seconds of this process (with its threads), of its finished children (PocketSphinx), and of a
 * child still running (the ONNX models' process, its pid given): fields 14–17 of /proc/<pid>/stat
 * (utime, stime, cutime, cstime) in clock ticks of 1/100 s.
 */
export function cpuSeconds(livePid?: number): { self: number; children: number; live: number } {
  const u = process.cpuUsage();
  const fields = statFields("self");
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  let live = 0;
  if (livePid) {
    try {
      const f = statFields(livePid);
      live = (Number(f[11]) + Number(f[12])) / 100;
    } catch {}
  }
  return { self: (u.user + u.system) / 1e6, children, live };
}

export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export interface ProcessMemory {
  rss: number;
  hwm: number;
  pss: number;
}

/** RSS, its peak (VmHWM) and PSS of a process, in bytes, from /proc (zeros when it is not running). */
export function processMemory(pid: number | "self" | undefined): ProcessMemory {
  const kb = (re: RegExp, text: string) => Number(re.exec(text)?.[1] ?? 0) * 1024;
  if (pid === undefined) return { rss: 0, hwm: 0, pss: 0 };
  try {
    const st = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const pss = kb(/^Pss:\s+(\d+) kB/m, fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return { rss: kb(/VmRSS:\s+(\d+) kB/, st), hwm: kb(/VmHWM:\s+(\d+) kB/, st), pss };
  } catch {
    return { rss: 0, hwm: 0, pss: 0 };
  }
}
