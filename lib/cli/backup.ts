// `cli backup <file>` / `cli restore <file>`: the embedded install's data (the PGlite database in
// DATA_DIR/pgdata, local storage in DATA_DIR/storage, the generated app secret) as one .tar.gz.
// Both hold the data directory's lock while they work (db/data-dir-lock.ts): PGlite takes no lock
// of its own, and a copy taken while the app writes could pair a database with files it does not
// describe, so they refuse while the app runs and say so. A restore moves what it replaces aside
// (DATA_DIR/before-restore-<time>/), never deletes it. A server install (DATABASE_URL) is backed up
// with pg_dump and its bucket: README "Backups and upgrades".
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { acquireDataDirLock, DataDirBusyError } from "@/db/data-dir-lock";
import { env } from "@/lib/env";

const run = promisify(execFile);
const MANIFEST = "backup-manifest.json";
const FORMAT = "video-analysis-backup";
/** What a backup holds, relative to DATA_DIR (work files and locks are left out). */
const ENTRIES = ["pgdata", "storage", "app-secret"];

export class BackupError extends Error {}

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  created_at: string;
  entries: string[];
}

function refuseServer(verb: string): void {
  if (env().DATABASE_URL) {
    throw new BackupError(
      `DATABASE_URL is set: \`${verb}\` covers the embedded database only. Back up a server install with pg_dump and its storage (README "Backups and upgrades").`,
    );
  }
}

function lockOrRefuse(dir: string, verb: string): () => Promise<void> {
  try {
    return acquireDataDirLock(dir);
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      throw new BackupError(
        `The app (pid ${err.pid}) is running on ${dir}: stop it first, then run \`${verb}\` again (a copy taken while it writes could be inconsistent).`,
      );
    }
    throw err;
  }
}

async function tar(args: string[]): Promise<string> {
  try {
    return (await run("tar", args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new BackupError(`tar failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** Writes DATA_DIR's database and files into `file` (a .tar.gz; written aside, then renamed). */
export async function backupDataDir(dir: string, file: string): Promise<BackupManifest & { file: string; bytes: number }> {
  refuseServer("backup");
  dir = path.resolve(dir);
  if (!fs.existsSync(path.join(dir, "pgdata"))) throw new BackupError(`No embedded database in ${dir} (nothing to back up).`);
  const out = path.resolve(file);
  if (out === dir || out.startsWith(dir + path.sep)) throw new BackupError(`Write the backup outside ${dir}.`);
  const release = lockOrRefuse(dir, "backup");
  const partial = `${out}.partial-${process.pid}`;
  const scratch = fs.mkdtempSync(path.join(path.dirname(out), ".va-backup-"));
  try {
    const entries = ENTRIES.filter((e) => fs.existsSync(path.join(dir, e)));
    const manifest: BackupManifest = { format: FORMAT, version: 1, created_at: new Date().toISOString(), entries };
    fs.writeFileSync(path.join(scratch, MANIFEST), JSON.stringify(manifest, null, 2));
    await tar(["-czf", partial, "-C", scratch, MANIFEST, "-C", dir, ...entries]);
    fs.renameSync(partial, out);
    return { ...manifest, file: out, bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
    await release();
  }
}

/** Puts a backup's database and files in place of DATA_DIR's, moving those aside first. */
export async function restoreDataDir(dir: string, file: string): Promise<{ restored: string[]; moved_aside: string | null }> {
  refuseServer("restore");
  dir = path.resolve(dir);
  const src = path.resolve(file);
  if (!fs.existsSync(src)) throw new BackupError(`No such file: ${src}`);
  const listing = (await tar(["-tzf", src])).split("\n").map((l) => l.replace(/^\.\//, "").replace(/\/$/, ""));
  if (!listing.includes(MANIFEST) || !listing.includes("pgdata")) {
    throw new BackupError(`${src} is not a backup made by \`backup\` (no ${MANIFEST} and pgdata/ in it).`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const release = lockOrRefuse(dir, "restore");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const staging = path.join(dir, `.restore-${stamp}`);
  try {
    fs.mkdirSync(staging);
    await tar(["-xzf", src, "-C", staging]);
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), "utf8")) as BackupManifest;
    if (manifest.format !== FORMAT) throw new BackupError(`${src} is not a backup made by \`backup\` (format ${String(manifest.format)}).`);
    const present = ENTRIES.filter((e) => fs.existsSync(path.join(dir, e)));
    let aside: string | null = null;
    if (present.length) {
      aside = path.join(dir, `before-restore-${stamp}`);
      fs.mkdirSync(aside);
      for (const e of present) fs.renameSync(path.join(dir, e), path.join(aside, e));
    }
    const restored = manifest.entries.filter((e) => ENTRIES.includes(e) && fs.existsSync(path.join(staging, e)));
    for (const e of restored) fs.renameSync(path.join(staging, e), path.join(dir, e));
    return { restored, moved_aside: aside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await release();
  }
}

export const BACKUP_USAGE = `  backup <file>                      the embedded database and files into <file> (.tar.gz); the app must be stopped
  restore <file>                     put a backup in place (what it replaces moves to DATA_DIR/before-restore-…)`;

/** The CLI's entry for both verbs: prints a JSON line, returns the exit code. */
export async function runBackupCommand(verb: "backup" | "restore", args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith("-"));
  if (!file) {
    console.error(`Usage: npm run cli -- ${verb} <file>`);
    return 2;
  }
  try {
    const result = verb === "backup" ? await backupDataDir(env().DATA_DIR, file) : await restoreDataDir(env().DATA_DIR, file);
    console.log(JSON.stringify(result));
    return 0;
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : `Error: ${(err as Error).message}`);
    return 1;
  }
}
