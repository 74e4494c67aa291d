// The chunk workers' heartbeats (the chunk_workers table): how many chunks the live processes can
// run at once. Times are the database's own (now()), so the machines' clocks need not agree.
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { chunkWorkers } from "../schema";

/** Records (or refreshes) a process's heartbeat with its chunk slots. */
export async function beatChunkWorker(db: Db, w: { owner: string; host: string; pid: number; slots: number }): Promise<void> {
  await db
    .insert(chunkWorkers)
    .values(w)
    .onConflictDoUpdate({ target: chunkWorkers.owner, set: { slots: w.slots, seenAt: sql`now()` } });
}

/** A process that stops takes its row away; rows of processes long dead (`staleMs`) go as well. */
export async function removeChunkWorker(db: Db, owner: string, staleMs?: number): Promise<void> {
  await db.delete(chunkWorkers).where(eq(chunkWorkers.owner, owner));
  if (staleMs) await db.delete(chunkWorkers).where(lt(chunkWorkers.seenAt, sql`now() - make_interval(secs => ${staleMs / 1000})`));
}

/** The chunk slots of the processes seen within `freshMs`, but for `exceptOwner`'s. */
export async function liveChunkSlots(db: Db, params: { freshMs: number; exceptOwner?: string }): Promise<number> {
  const [row] = await db
    .select({ slots: sql<number>`coalesce(sum(${chunkWorkers.slots}), 0)::int` })
    .from(chunkWorkers)
    .where(
      and(
        gt(chunkWorkers.seenAt, sql`now() - make_interval(secs => ${params.freshMs / 1000})`),
        params.exceptOwner ? ne(chunkWorkers.owner, params.exceptOwner) : undefined,
      ),
    );
  return Number(row?.slots ?? 0);
}
