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

/** Removes work directories of jobs that have no queued or running run. */
export async function sweepWorkDirs(db: Db): Promise<number> {
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
    if (active.has(name)) continue;
    await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
