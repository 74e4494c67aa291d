// PGlite takes no lock on its directory and two instances on one directory silently lose writes,
// so the process that opens it holds this lock file. Others (the CLI) see who holds it.
// The file names the holder (pid, start time, and the PID namespace it runs in) and carries a
// heartbeat the holder refreshes every HEARTBEAT_MS:
// - a holder in this PID namespace (same container or host) is judged by its process: one that
//   died (even one left a zombie, or whose pid was reused) is recognised as dead at once;
// - a holder elsewhere (another container or host sharing the volume, whose pid means nothing
//   here) is judged by its heartbeat: the lock is held while the heartbeat is fresh and taken
//   over once it is older than STALE_MS (by this machine's clock: hosts sharing a volume need
//   synchronised clocks).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isProcessAlive, selfIdentity, type ProcessIdentity } from "@/lib/core/process-identity";

export const HEARTBEAT_MS = 2_000;
export const STALE_MS = 15_000;

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    // No path in the message: it may reach a health report.
    super(`The embedded database is held by another running process (pid ${pid})`);
  }
}

interface LockContent extends ProcessIdentity {
  /** The holder's PID namespace (absent in locks written before heartbeats: this namespace). */
  ns?: string;
  /** Epoch ms of the holder's last heartbeat. */
  beat?: number;
  /** One acquisition: the heartbeat rewrites only a lock that is still its own. */
  token?: string;
}

export function lockFile(dir: string): string {
  return path.join(dir, "db.lock");
}

/** This process's PID namespace: the boot (so a reboot counts as elsewhere) and the namespace's inode. */
export const pidNamespace: string = (() => {
  try {
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot}:${fs.readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return `host:${os.hostname()}`;
  }
})();

function readLock(file: string): LockContent | null {
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    const pid = Number(data.pid);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return {
      pid,
      start: Number.isFinite(data.start) ? Number(data.start) : null,
      ns: typeof data.ns === "string" ? data.ns : undefined,
      beat: Number.isFinite(data.beat) ? Number(data.beat) : undefined,
      token: typeof data.token === "string" ? data.token : undefined,
    };
  } catch {
    return null;
  }
}

function isHeld(lock: LockContent): boolean {
  if (lock.ns === undefined || lock.ns === pidNamespace) return isProcessAlive(lock);
  return lock.beat !== undefined && Date.now() - lock.beat < STALE_MS;
}

/** The pid holding `dir` (in its own namespace), or null when nobody (alive) does. */
export function lockHolder(dir: string): number | null {
  const lock = readLock(lockFile(dir));
  return lock && isHeld(lock) ? lock.pid : null;
}

/** Writes `content` to `file` whole (readers never see half a lock). */
function writeWhole(file: string, content: LockContent, token: string): void {
  const tmp = `${file}.beat-${token}`;
  fs.writeFileSync(tmp, JSON.stringify(content));
  fs.renameSync(tmp, file);
}

/** Takes the lock or throws DataDirBusyError; returns the release function. */
export function acquireDataDirLock(dir: string): () => Promise<void> {
  const file = lockFile(dir);
  const token = crypto.randomUUID();
  const since = new Date().toISOString();
  const me = selfIdentity();
  const content = (): LockContent & { since: string } => ({ ...me, ns: pidNamespace, beat: Date.now(), token, since });
  const mine = (lock: LockContent | null) => lock?.token === token;
  // a lock this very process left (not released): taken back
  const ownLeftover = (lock: LockContent) => lock.pid === me.pid && (lock.ns === undefined || lock.ns === pidNamespace);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(content()), { flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readLock(file);
      if (holder && !ownLeftover(holder) && isHeld(holder)) throw new DataDirBusyError(dir, holder.pid);
      // A stale lock (dead or silent holder): move it aside, so of two processes that both saw
      // it stale only one removes it; then make sure what we moved was indeed stale.
      const aside = `${file}.stale-${token}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue; // someone else moved it first
      }
      const moved = readLock(aside);
      if (moved && !ownLeftover(moved) && isHeld(moved)) {
        fs.renameSync(aside, file); // a live lock written (or refreshed) meanwhile: put it back
        throw new DataDirBusyError(dir, moved.pid);
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    // Held: the heartbeat keeps it fresh for holders elsewhere, as long as it is still ours.
    const heartbeat = setInterval(() => {
      try {
        if (mine(readLock(file))) writeWhole(file, content(), token);
      } catch {
        /* the next beat retries; a lock that stays silent past STALE_MS may be taken over */
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const release = () => {
      clearInterval(heartbeat);
      try {
        if (mine(readLock(file))) fs.unlinkSync(file);
      } catch {
        /* already gone */
      }
    };
    process.once("exit", release);
    return async () => {
      process.removeListener("exit", release);
      release();
    };
  }
  throw new Error("Could not lock the data directory");
}
