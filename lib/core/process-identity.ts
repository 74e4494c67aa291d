// Is a process still the one we think it is? A pid alone lies twice: a killed process that nobody
// has reaped yet (a zombie, common in containers whose init does not reap) still answers kill(0),
// and a pid can be reused by a new process. On Linux /proc gives the state and the start time,
// so an identity is `pid` + start time and a zombie counts as dead.
import fs from "node:fs";

export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot (Linux), or null where /proc is not available. */
  start: number | null;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function procStat(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

const hasProc = (() => {
  try {
    return fs.existsSync("/proc/self/stat");
  } catch {
    return false;
  }
})();

export function processStartTime(pid: number): number | null {
  const f = procStat(pid);
  // Field 22 of stat is starttime; after the name, state is index 0, so starttime is index 19.
  return f ? Number(f[19]) : null;
}

export function selfIdentity(): ProcessIdentity {
  return { pid: process.pid, start: processStartTime(process.pid) };
}

/** True while the process named by `id` runs (not a zombie, not a reused pid). */
export function isProcessAlive(id: ProcessIdentity): boolean {
  if (!Number.isInteger(id.pid) || id.pid <= 0) return false;
  if (hasProc) {
    const f = procStat(id.pid);
    if (!f) return false;
    if (f[0] === "Z" || f[0] === "X" || f[0] === "x") return false;
    return id.start === null || id.start === undefined || Number(f[19]) === id.start;
  }
  try {
    process.kill(id.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** `pid-start` as one token (for owner strings and temp-file names). */
export function identityToken(id: ProcessIdentity = selfIdentity()): string {
  return `${id.pid}-${id.start ?? 0}`;
}

export function parseIdentityToken(token: string): ProcessIdentity | null {
  const m = /^(\d+)-(\d+)$/.exec(token);
  if (!m) return null;
  return { pid: Number(m[1]), start: Number(m[2]) || null };
}
