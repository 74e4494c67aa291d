// The embedded database's lock: a holder that died is recognised even when it is a zombie (killed,
// not yet reaped, as in containers whose init does not reap) or its pid was reused; a live holder
// keeps its lock. A holder in another PID namespace (another container, or host, on the same
// volume), whose pid means nothing here, holds it while its heartbeat is fresh.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError, HEARTBEAT_MS, lockFile, lockHolder, STALE_MS } from "@/db/data-dir-lock";
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

/** A real holder in a PID namespace of its own, as in another container sharing the volume. */
async function holderInOtherNamespace(dir: string): Promise<ChildProcess> {
  const script = `const { acquireDataDirLock } = await import("./db/data-dir-lock.ts");
acquireDataDirLock(process.argv[1]); console.log("held"); setInterval(() => {}, 1000);`;
  const child = spawn("unshare", ["-r", "-p", "-f", "--kill-child", "--mount-proc", process.execPath, "--import", "tsx", "--input-type=module", "-e", script, dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("held") && resolve());
    child.once("exit", (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return child;
}

const readBeat = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), "utf8")).beat as number;

describe("acquireDataDirLock across containers (PID namespaces) sharing the volume", () => {
  it("refuses while a holder in another PID namespace keeps its heartbeat fresh", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-lock-"));
    dirs.push(dir);
    const holder = await holderInOtherNamespace(dir);
    const lock = JSON.parse(fs.readFileSync(lockFile(dir), "utf8"));
    // its pid is its own namespace's (1: the node process unshare started), not a process here
    expect(lock.pid).toBe(1);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirBusyError);
    expect(lockHolder(dir)).toBe(1);
    const beat = readBeat(dir);
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 1.5));
    expect(readBeat(dir)).toBeGreaterThan(beat);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirBusyError);
    holder.kill("SIGKILL");
  }, 60_000);

  it("takes over a lock from another PID namespace whose heartbeat stopped", async () => {
    const dir = dirWithLock({ pid: 1, start: 1, ns: "another-host:pid:[1]", beat: Date.now() - STALE_MS - 1000 });
    expect(lockHolder(dir)).toBeNull();
    const release = acquireDataDirLock(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    await release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it("refuses a lock from another PID namespace whose pid is not running here but whose heartbeat is fresh", async () => {
    const dir = dirWithLock({ pid: 999_999, start: 1, ns: "another-host:pid:[1]", beat: Date.now() });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirBusyError);
    expect(lockHolder(dir)).toBe(999_999);
  });
});
