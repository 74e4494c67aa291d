// At start-up: clips left `processing` by a process that died are made claimable at once (the
// attempt counts), rather than after their lease lapses.
import type { Db } from "@/db/client";
import { expireClipLeases, processingClipLeases } from "@/db/queries/clips";
import { ownerIsDeadHere } from "@/lib/jobs/recover-runs";

export async function recoverOrphanedClips(db: Db, opts: { exclusive: boolean }): Promise<number> {
  const orphans = (await processingClipLeases(db)).filter((c) => opts.exclusive || ownerIsDeadHere(c.leaseOwner));
  await expireClipLeases(db, { clipIds: orphans.map((c) => c.id) });
  return orphans.length;
}
