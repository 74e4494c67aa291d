// `cli backup` / `cli restore` on a real embedded install: a PGlite data directory with rows and
// local storage files. A restore brings back the database and the files as they were at the backup
// and moves what it replaced aside; both refuse while the app holds the directory, on a server
// install (DATABASE_URL) and (restore) a file that is not a backup.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/client";
import { lockFile } from "@/db/data-dir-lock";
import { listUsersWithProfiles, createUser } from "@/db/queries/users";
import { processStartTime } from "@/lib/core/process-identity";
import { backupDataDir, BackupError, restoreDataDir } from "@/lib/cli/backup";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
function tmp(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

async function emails(dir: string): Promise<(string | null)[]> {
  const h = await openPglite(dir);
  try {
    return (await listUsersWithProfiles(h.db)).map((u) => u.email).sort((a, b) => String(a).localeCompare(String(b)));
  } finally {
    await h.close();
  }
}

async function addUser(dir: string, email: string): Promise<void> {
  const h = await openPglite(dir);
  try {
    await createUser(h.db, { email });
  } finally {
    await h.close();
  }
}

const CLIP = "uploads/u1/clip.mp4";
const clipBytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256));

describe("backup and restore of the embedded install", () => {
  it("restores the database and files of the backup, moving what it replaces aside", async () => {
    const dir = tmp("va-backup-data-");
    const out = path.join(tmp("va-backup-out-"), "va.tar.gz");
    await addUser(dir, "before@example.com");
    fs.mkdirSync(path.join(dir, "storage", path.dirname(CLIP)), { recursive: true });
    fs.writeFileSync(path.join(dir, "storage", CLIP), clipBytes);
    fs.writeFileSync(path.join(dir, "app-secret"), "a".repeat(64));
    fs.mkdirSync(path.join(dir, "work", "some-job"), { recursive: true });

    const made = await backupDataDir(dir, out);
    expect(made).toMatchObject({ format: "video-analysis-backup", entries: ["pgdata", "storage", "app-secret"], file: out });
    expect(made.bytes).toBeGreaterThan(0);
    expect(fs.readdirSync(path.dirname(out))).toEqual(["va.tar.gz"]); // no partial or scratch files left

    // Life goes on after the backup: a user more, the clip gone, another file.
    await addUser(dir, "after@example.com");
    fs.rmSync(path.join(dir, "storage", CLIP));
    fs.writeFileSync(path.join(dir, "storage", "later.txt"), "later");
    expect(await emails(dir)).toEqual(["after@example.com", "before@example.com"]);

    const restored = await restoreDataDir(dir, out);
    expect(restored.restored).toEqual(["pgdata", "storage", "app-secret"]);
    expect(await emails(dir)).toEqual(["before@example.com"]);
    expect(fs.readFileSync(path.join(dir, "storage", CLIP)).equals(clipBytes)).toBe(true);
    expect(fs.existsSync(path.join(dir, "storage", "later.txt"))).toBe(false);
    expect(fs.readFileSync(path.join(dir, "app-secret"), "utf8")).toBe("a".repeat(64));
    // What the restore replaced is kept, whole: that database still opens with both users.
    const aside = restored.moved_aside!;
    expect(path.dirname(aside)).toBe(dir);
    expect(fs.readFileSync(path.join(aside, "storage", "later.txt"), "utf8")).toBe("later");
    const asideDir = tmp("va-aside-");
    fs.renameSync(path.join(aside, "pgdata"), path.join(asideDir, "pgdata"));
    expect(await emails(asideDir)).toEqual(["after@example.com", "before@example.com"]);
    // Work files are not part of a backup, and none of the restore's staging is left.
    expect(fs.readdirSync(dir).filter((e) => e.startsWith(".restore-"))).toEqual([]);
  });

  it("refuses while the app holds the data directory, saying it needs a stop", async () => {
    const dir = tmp("va-backup-busy-");
    const out = path.join(tmp("va-backup-out-"), "va.tar.gz");
    await addUser(dir, "x@example.com");
    // Another live process holds the directory, as a running app does.
    const holder = spawn("sleep", ["30"], { stdio: "ignore" });
    children.push(holder);
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: holder.pid, start: processStartTime(holder.pid!) }));
    const refusal = new RegExp(`^The app \\(pid ${holder.pid}\\) is running on .+: stop it first, then run \`backup\` again`);
    await expect(backupDataDir(dir, out)).rejects.toThrow(refusal);
    expect(fs.existsSync(out)).toBe(false);
    holder.kill("SIGKILL");
    await new Promise((r) => holder.once("exit", r));
    await backupDataDir(dir, out); // the holder is gone: its lock is stale
    const again = spawn("sleep", ["30"], { stdio: "ignore" });
    children.push(again);
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: again.pid, start: processStartTime(again.pid!) }));
    await expect(restoreDataDir(dir, out)).rejects.toThrow(/: stop it first, then run `restore` again/);
    expect(fs.readdirSync(dir).filter((e) => e.startsWith("before-restore-"))).toEqual([]);
    expect(fs.readdirSync(dir)).toContain("pgdata");
  });

  it("refuses a server install and a file that is not a backup", async () => {
    const dir = tmp("va-backup-refuse-");
    // A real tar.gz that is not a backup. It is written outside `dir`: tar reading the archive it is writing fails
    // with "file changed as we read it" whenever the write and the read interleave.
    const notBackup = path.join(tmp("va-backup-notbackup-"), "x.tar.gz");
    await promisify(execFile)("tar", ["-czf", notBackup, "-C", os.tmpdir(), path.basename(dir)]);
    await expect(restoreDataDir(dir, notBackup)).rejects.toThrow(BackupError);
    await expect(restoreDataDir(dir, notBackup)).rejects.toThrow(/is not a backup made by `backup`/);
    await expect(backupDataDir(dir, path.join(os.tmpdir(), "none.tar.gz"))).rejects.toThrow(/No embedded database in/);
    process.env.DATABASE_URL = "postgres://x@127.0.0.1:1/x";
    try {
      await expect(backupDataDir(dir, notBackup)).rejects.toThrow(/^DATABASE_URL is set: `backup` covers the embedded database only\. Back up a server install with pg_dump/);
    } finally {
      delete process.env.DATABASE_URL;
    }
  });

  it("is the CLI's `backup` command", async () => {
    const dir = tmp("va-backup-cli-");
    const out = path.join(tmp("va-backup-out-"), "cli.tar.gz");
    await addUser(dir, "cli@example.com");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/cli.ts", "backup", out],
      { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" } },
    );
    expect(JSON.parse(stdout)).toMatchObject({ format: "video-analysis-backup", file: out });
    expect(fs.statSync(out).size).toBeGreaterThan(0);
  });
});
