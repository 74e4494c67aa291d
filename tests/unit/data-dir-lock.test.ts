// The embedded database's lock: a holder that died is recognised even when it is a zombie (killed,
// not yet reaped, as in containers whose init does not reap) or its pid was reused; a live holder
// keeps its lock.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError, lockFile, lockHolder } from "@/db/data-dir-lock";
import { isProcessAlive, processStartTime } from "@/lib/core/process-identity";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dirWithLock(content: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-lock-"));
  dirs.push(dir);
  fs.writeFileSync(lockFile(dir), JSON.stringify(content));
  return dir;
}

/** A zombie: `sleep 0` forked by a shell that then becomes `sleep 30` and never reaps it. */
async function makeZombie(): Promise<number> {
  const parent = spawn("sh", ["-c", "sleep 0 & exec sleep 30"], { stdio: "ignore" });
  children.push(parent);
  for (let i = 0; i < 100; i++) {
    for (const e of fs.readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
      try {
        const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(f[1]) === parent.pid && f[0] === "Z") return Number(e);
      } catch {
        /* gone */
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no zombie appeared");
}

describe("acquireDataDirLock", () => {
  it("takes over a lock whose holder is a zombie (kill(pid, 0) still succeeds on it)", async () => {
    const zombie = await makeZombie();
    expect(() => process.kill(zombie, 0)).not.toThrow();
    expect(isProcessAlive({ pid: zombie, start: null })).toBe(false);
    const dir = dirWithLock({ pid: zombie });
    const release = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    await release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it("takes over a lock whose pid now belongs to another process (start time differs)", async () => {
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    children.push(other);
    await new Promise((r) => setTimeout(r, 100));
    const start = processStartTime(other.pid!)!;
    const dir = dirWithLock({ pid: other.pid, start: start + 12345 });
    const release = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    await release();
  });

  it("refuses while the holder runs, naming its pid and no path", async () => {
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    children.push(other);
    await new Promise((r) => setTimeout(r, 100));
    const dir = dirWithLock({ pid: other.pid, start: processStartTime(other.pid!) });
    let err: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirBusyError);
    expect((err as Error).message).toContain(String(other.pid));
    expect((err as Error).message).not.toContain(dir);
    other.kill("SIGKILL");
    await new Promise((r) => other.once("exit", r));
    const release = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    await release();
  });
});
