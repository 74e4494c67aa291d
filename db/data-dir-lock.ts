// PGlite takes no lock on its directory and two instances on one directory silently lose writes,
// so the process that opens it holds this lock file. Others (the CLI) see who holds it.
import fs from "node:fs";
import path from "node:path";

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is held by process ${pid}`);
  }
}

export function lockFile(dir: string): string {
  return path.join(dir, "db.lock");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid holding `dir`, or null when nobody (alive) does. */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(lockFile(dir), "utf8")).pid);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirBusyError; returns the release function. */
export function acquireDataDirLock(dir: string): () => Promise<void> {
  const file = lockFile(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), {
        flag: "wx",
      });
      const release = () => {
        try {
          if (lockHolder(dir) === process.pid) fs.unlinkSync(file);
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
      const holder = lockHolder(dir);
      if (holder !== null && holder !== process.pid) throw new DataDirBusyError(dir, holder);
      fs.rmSync(file, { force: true }); // stale lock of a dead process (or our own leftover)
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
