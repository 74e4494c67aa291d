// At start-up: import runs left running by a process that died are made claimable at once.
import type { Db } from "@/db/client";
import { expireLeases, runningLeases } from "@/db/queries/runs";
import { ownerIsDeadHere } from "@/lib/jobs/recover-runs";
import { IMPORT_ENGINE } from "./import-worker";

export async function recoverOrphanedImports(db: Db, opts: { exclusive: boolean }): Promise<number> {
  const orphans = (await runningLeases(db, IMPORT_ENGINE)).filter((r) => opts.exclusive || ownerIsDeadHere(r.leaseOwner));
  await expireLeases(db, { runIds: orphans.map((r) => r.id) });
  return orphans.length;
}
