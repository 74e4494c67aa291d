// The chunks of long videos' runs (lib/pipeline/chunks): any worker claims them here with FOR
// UPDATE SKIP LOCKED, like runs — a queued chunk, or a running one whose lease lapsed (its process
// died) — but only while their run is running: a cancelled, failed or deleted run's chunks are
// never claimed again, and their holders lose the lease at the next renewal.
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { processingRuns, runChunks } from "../schema";

export type RunChunk = typeof runChunks.$inferSelect;
export type NewRunChunk = Pick<typeof runChunks.$inferInsert, "idx" | "startTime" | "endTime" | "speechStart" | "speechEnd">;

const runIsRunning = sql`exists (select 1 from ${processingRuns} where ${processingRuns.id} = ${runChunks.runId} and ${processingRuns.status} = 'running')`;

/** The run's chunks, once: a resumed run finds the rows it planned before (and their progress). */
export async function insertChunks(db: Db, params: { runId: string; jobId: string; userId: string; chunks: NewRunChunk[] }): Promise<void> {
  if (!params.chunks.length) return;
  await db
    .insert(runChunks)
    .values(params.chunks.map((c) => ({ ...c, runId: params.runId, jobId: params.jobId, userId: params.userId })))
    .onConflictDoNothing({ target: [runChunks.runId, runChunks.idx] });
}

export async function listChunks(db: Db, runId: string): Promise<RunChunk[]> {
  return db.select().from(runChunks).where(eq(runChunks.runId, runId)).orderBy(asc(runChunks.idx));
}

/**
 * Claims the oldest claimable chunk (of `runId` only, when given; that run's chunk `idx` only, when
 * given as well: an Inngest invocation's own chunk) for `owner` until `leaseMs` from now. Exactly
 * one claimer wins a chunk.
 */
export async function claimChunk(db: Db, params: { owner: string; leaseMs: number; runId?: string; idx?: number }): Promise<RunChunk | null> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: runChunks.id })
      .from(runChunks)
      .where(
        and(
          params.runId ? eq(runChunks.runId, params.runId) : undefined,
          params.runId && params.idx !== undefined ? eq(runChunks.idx, params.idx) : undefined,
          or(
            eq(runChunks.status, "queued"),
            and(
              eq(runChunks.status, "running"),
              lt(runChunks.leaseExpiresAt, now),
              or(isNull(runChunks.leaseOwner), ne(runChunks.leaseOwner, params.owner)),
            ),
          ),
          runIsRunning,
        ),
      )
      .orderBy(asc(runChunks.createdAt), asc(runChunks.idx))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!candidate) return null;
    const [row] = await tx
      .update(runChunks)
      .set({
        status: "running",
        leaseOwner: params.owner,
        leaseExpiresAt: new Date(now.getTime() + params.leaseMs),
        attempts: sql`${runChunks.attempts} + 1`,
        startedAt: sql`coalesce(${runChunks.startedAt}, ${now.toISOString()}::timestamp)`,
      })
      .where(eq(runChunks.id, candidate.id))
      .returning();
    return row ?? null;
  });
}

/** Extends a chunk's lease; false when it is no longer ours or its run stopped (cancelled, deleted). */
export async function renewChunkLease(db: Db, params: { chunkId: string; owner: string; leaseMs: number }): Promise<boolean> {
  const rows = await db
    .update(runChunks)
    .set({ leaseExpiresAt: new Date(Date.now() + params.leaseMs) })
    .where(and(eq(runChunks.id, params.chunkId), eq(runChunks.leaseOwner, params.owner), eq(runChunks.status, "running"), runIsRunning))
    .returning({ id: runChunks.id });
  return rows.length > 0;
}

/** The chunk is done (its bundle stored): true when it was still ours to finish. */
export async function completeChunk(db: Db, params: { chunkId: string; owner: string; output: Record<string, unknown> }): Promise<boolean> {
  const rows = await db
    .update(runChunks)
    .set({ status: "completed", output: params.output, finishedAt: new Date(), leaseExpiresAt: null, error: null })
    .where(and(eq(runChunks.id, params.chunkId), eq(runChunks.leaseOwner, params.owner), eq(runChunks.status, "running")))
    .returning({ id: runChunks.id });
  return rows.length > 0;
}

/** A chunk that broke: queued again while it has attempts left, else failed (which fails its run). */
export async function failChunk(db: Db, params: { chunkId: string; owner: string; error: string; maxAttempts: number }): Promise<void> {
  await db
    .update(runChunks)
    .set({
      status: sql`case when ${runChunks.attempts} >= ${params.maxAttempts} then 'failed' else 'queued' end`,
      error: params.error,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(and(eq(runChunks.id, params.chunkId), eq(runChunks.leaseOwner, params.owner), eq(runChunks.status, "running")));
}

/** Hands chunks back at once (a graceful stop: `refund` does not count the claim as an attempt). */
export async function expireChunkLeases(db: Db, params: { chunkIds: string[]; refund?: boolean }): Promise<void> {
  if (!params.chunkIds.length) return;
  await db
    .update(runChunks)
    .set({
      leaseExpiresAt: new Date(Date.now() - 1),
      ...(params.refund ? { attempts: sql`greatest(${runChunks.attempts} - 1, 0)` } : {}),
    })
    .where(and(inArray(runChunks.id, params.chunkIds), eq(runChunks.status, "running")));
}

/** The unfinished chunks of cancelled runs end with them (cancelActiveRuns). */
export async function cancelChunksOfRuns(db: Db, runIds: string[]): Promise<void> {
  if (!runIds.length) return;
  await db
    .update(runChunks)
    .set({ status: "cancelled", finishedAt: new Date(), leaseExpiresAt: null })
    .where(and(inArray(runChunks.runId, runIds), inArray(runChunks.status, ["queued", "running"])));
}
