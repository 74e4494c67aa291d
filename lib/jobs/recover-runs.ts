// At start-up: runs whose process died are taken over at once rather than after their lease, and
// work directories of runs that ended (or died with their process) are removed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/db/client";
import { activeRunJobIds, expireLeases, runningLeases } from "@/db/queries/runs";
import { isProcessAlive, parseIdentityToken } from "@/lib/core/process-identity";
import { env } from "@/lib/env";

/** True when `owner` (host:pid-start:random) names a process on this host that no longer runs. */
export function ownerIsDeadHere(owner: string | null, host = os.hostname()): boolean {
  if (!owner) return true;
  const parts = owner.split(":");
  if (parts.length < 3) return false;
  const id = parseIdentityToken(parts[parts.length - 2]!);
  return parts.slice(0, -2).join(":") === host && !!id && !isProcessAlive(id);
}

/**
 * Expires the leases of running runs whose owner is gone. `exclusive`: this process alone uses the
 * database (the embedded one, under its directory lock), so every running run is an orphan.
 */
export async function recoverOrphanedRuns(db: Db, opts: { exclusive: boolean }): Promise<number> {
  const orphans = (await runningLeases(db, "embedded")).filter((r) => opts.exclusive || ownerIsDeadHere(r.leaseOwner));
  await expireLeases(db, { runIds: orphans.map((r) => r.id) });
  return orphans.length;
}

/**
 * Removes work directories of jobs that have no queued or running run. A running process passes
 * `keep` (the jobs it works on or winds down) and `idleMs` (only directories untouched that long):
 * a run it handed back or whose lease lapsed was finished by another process, and its files here
 * would otherwise stay until this process restarts (bench/soak found them).
 */
export async function sweepWorkDirs(db: Db, opts: { keep?: (jobId: string) => boolean; idleMs?: number } = {}): Promise<number> {
  const root = path.join(env().DATA_DIR, "work");
  let names: string[];
  try {
    names = await fs.promises.readdir(root);
  } catch {
    return 0;
  }
  const active = await activeRunJobIds(db);
  let removed = 0;
  for (const name of names) {
    if (active.has(name) || opts.keep?.(name)) continue;
    const dir = path.join(root, name);
    if (opts.idleMs) {
      const st = await fs.promises.stat(dir).catch(() => null);
      if (!st || Date.now() - st.mtimeMs < opts.idleMs) continue;
    }
    await fs.promises.rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
