// PGlite takes no lock on its directory and two instances on one directory silently lose writes,
// so the process that opens it holds this lock file. Others (the CLI) see who holds it.
// The file names the holder's pid and start time: a holder that died (even one left a zombie,
// or whose pid was reused) is recognised as dead and its lock is taken over.
import fs from "node:fs";
import path from "node:path";
import { isProcessAlive, selfIdentity, type ProcessIdentity } from "@/lib/core/process-identity";

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    // No path in the message: it may reach a health report.
    super(`The embedded database is held by another running process (pid ${pid})`);
  }
}

export function lockFile(dir: string): string {
  return path.join(dir, "db.lock");
}

function readLock(file: string): ProcessIdentity | null {
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    const pid = Number(data.pid);
    return Number.isInteger(pid) && pid > 0 ? { pid, start: Number.isFinite(data.start) ? Number(data.start) : null } : null;
  } catch {
    return null;
  }
}

/** The pid holding `dir`, or null when nobody (alive) does. */
export function lockHolder(dir: string): number | null {
  const id = readLock(lockFile(dir));
  return id && isProcessAlive(id) ? id.pid : null;
}

/** Takes the lock or throws DataDirBusyError; returns the release function. */
export function acquireDataDirLock(dir: string): () => Promise<void> {
  const file = lockFile(dir);
  const me = selfIdentity();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ ...me, since: new Date().toISOString() }), { flag: "wx" });
      const release = () => {
        try {
          const held = readLock(file);
          if (held?.pid === me.pid && held.start === me.start) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return async () => {
        process.removeListener("exit", release);
        release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readLock(file);
      if (holder && holder.pid !== me.pid && isProcessAlive(holder)) throw new DataDirBusyError(dir, holder.pid);
      // A stale lock (dead holder, or our own leftover): move it aside, so of two processes that
      // both saw it stale only one removes it; then make sure what we moved was indeed stale.
      const aside = `${file}.stale-${me.pid}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue; // someone else moved it first
      }
      const moved = readLock(aside);
      if (moved && moved.pid !== me.pid && isProcessAlive(moved)) {
        fs.renameSync(aside, file); // a live lock written meanwhile: put it back
        throw new DataDirBusyError(dir, moved.pid);
      }
      fs.rmSync(aside, { force: true });
    }
  }
  throw new Error("Could not lock the data directory");
}
