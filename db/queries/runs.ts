// Processing runs, their finished steps and their events. The embedded runner claims runs here;
// the SSE route reads events here. Runs are internal: callers reach them through their video.
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { processingRuns, runEvents, runSteps } from "../schema";
import { cancelChunksOfRuns } from "./run-chunks";

export type Run = typeof processingRuns.$inferSelect;
export const ACTIVE_RUN_STATUSES = ["queued", "running"] as const;

export async function insertRun(db: Db, values: typeof processingRuns.$inferInsert): Promise<Run> {
  const [row] = await db.insert(processingRuns).values(values).returning();
  return row!;
}

export async function getRun(db: Db, runId: string): Promise<Run | null> {
  const [row] = await db.select().from(processingRuns).where(eq(processingRuns.id, runId)).limit(1);
  return row ?? null;
}

/** The latest run of a video (the one its events belong to). */
export async function latestRunForJob(db: Db, jobId: string): Promise<Run | null> {
  const [row] = await db
    .select()
    .from(processingRuns)
    .where(eq(processingRuns.jobId, jobId))
    .orderBy(desc(processingRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** Marks a queued run running (the Inngest engine's claim: Inngest itself runs each run once). */
export async function startQueuedRun(db: Db, runId: string): Promise<void> {
  await db
    .update(processingRuns)
    .set({ status: "running", startedAt: new Date(), attempts: 1 })
    .where(and(eq(processingRuns.id, runId), eq(processingRuns.status, "queued")));
}

/**
 * Claims the oldest queued run, or a running one whose lease has expired (its process died),
 * for `owner` until `leaseMs` from now. Exactly one claimer wins a run.
 */
export async function claimRun(
  db: Db,
  params: { owner: string; leaseMs: number; engine: string },
): Promise<Run | null> {
  const now = new Date();
  const until = new Date(now.getTime() + params.leaseMs);
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: processingRuns.id })
      .from(processingRuns)
      .where(
        and(
          eq(processingRuns.engine, params.engine),
          or(
            eq(processingRuns.status, "queued"),
            // (Never our own: a lease we let lapse while still working is renewed, not re-claimed.)
            and(
              eq(processingRuns.status, "running"),
              lt(processingRuns.leaseExpiresAt, now),
              or(isNull(processingRuns.leaseOwner), ne(processingRuns.leaseOwner, params.owner)),
            ),
          ),
        ),
      )
      .orderBy(asc(processingRuns.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!candidate) return null;
    const [run] = await tx
      .update(processingRuns)
      .set({
        status: "running",
        leaseOwner: params.owner,
        leaseExpiresAt: until,
        attempts: sql`${processingRuns.attempts} + 1`,
        startedAt: sql`coalesce(${processingRuns.startedAt}, ${now.toISOString()}::timestamp)`,
      })
      .where(eq(processingRuns.id, candidate.id))
      .returning();
    return run ?? null;
  });
}

/** Extends a lease; false when the run is no longer ours (cancelled, or claimed by another). */
export async function renewLease(db: Db, params: { runId: string; owner: string; leaseMs: number }): Promise<boolean> {
  const rows = await db
    .update(processingRuns)
    .set({ leaseExpiresAt: new Date(Date.now() + params.leaseMs) })
    .where(
      and(
        eq(processingRuns.id, params.runId),
        eq(processingRuns.leaseOwner, params.owner),
        eq(processingRuns.status, "running"),
      ),
    )
    .returning({ id: processingRuns.id });
  return rows.length > 0;
}

/** Running runs and who holds them (to find the runs of processes that died or stopped). */
export async function runningLeases(db: Db, engine: string): Promise<{ id: string; leaseOwner: string | null }[]> {
  return db
    .select({ id: processingRuns.id, leaseOwner: processingRuns.leaseOwner })
    .from(processingRuns)
    .where(and(eq(processingRuns.engine, engine), eq(processingRuns.status, "running")));
}

/**
 * Ends the leases of runs at once so any runner claims them on its next tick. `refund` gives
 * back the attempt (a graceful stop is not a failure of the run). The lease ends a moment ago,
 * not at the epoch: the run waits since then (va_run_queue_oldest_age_seconds reads it).
 */
export async function expireLeases(db: Db, params: { runIds: string[]; refund?: boolean }): Promise<void> {
  if (!params.runIds.length) return;
  await db
    .update(processingRuns)
    .set({
      leaseExpiresAt: new Date(Date.now() - 1),
      ...(params.refund ? { attempts: sql`greatest(${processingRuns.attempts} - 1, 0)` } : {}),
    })
    .where(and(inArray(processingRuns.id, params.runIds), eq(processingRuns.status, "running")));
}

/**
 * Hands a run held by `owner` back without an owner, claimable by any runner (this one too) once
 * `claimableAt` has passed: the attempt stays counted. False when the run was no longer ours.
 */
export async function releaseRun(db: Db, params: { runId: string; owner: string; claimableAt: Date }): Promise<boolean> {
  const rows = await db
    .update(processingRuns)
    .set({ leaseOwner: null, leaseExpiresAt: params.claimableAt })
    .where(and(eq(processingRuns.id, params.runId), eq(processingRuns.leaseOwner, params.owner), eq(processingRuns.status, "running")))
    .returning({ id: processingRuns.id });
  return rows.length > 0;
}

/** Job ids with a queued or running run (their work directories are in use). */
export async function activeRunJobIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ jobId: processingRuns.jobId })
    .from(processingRuns)
    .where(inArray(processingRuns.status, [...ACTIVE_RUN_STATUSES]));
  return new Set(rows.map((r) => r.jobId));
}

export async function finishRun(
  db: Db,
  params: { runId: string; status: "completed" | "failed" | "cancelled"; error?: string | null },
): Promise<void> {
  await db
    .update(processingRuns)
    .set({ status: params.status, error: params.error ?? null, finishedAt: new Date(), leaseExpiresAt: null })
    .where(eq(processingRuns.id, params.runId));
}

/** Cancels the video's queued or running runs (segments cleared, video deleted or re-queued). */
export async function cancelActiveRuns(db: Db, jobId: string): Promise<string[]> {
  const rows = await db
    .update(processingRuns)
    .set({ status: "cancelled", finishedAt: new Date(), leaseExpiresAt: null })
    .where(and(eq(processingRuns.jobId, jobId), inArray(processingRuns.status, [...ACTIVE_RUN_STATUSES])))
    .returning({ id: processingRuns.id });
  const ids = rows.map((r) => r.id);
  await cancelChunksOfRuns(db, ids);
  return ids;
}

export async function getFinishedSteps(db: Db, runId: string): Promise<Map<string, unknown>> {
  const rows = await db.select().from(runSteps).where(eq(runSteps.runId, runId));
  return new Map(rows.map((r) => [r.name, r.output]));
}

export async function recordStep(db: Db, params: { runId: string; name: string; output: unknown }): Promise<void> {
  await db
    .insert(runSteps)
    .values({ runId: params.runId, name: params.name, output: (params.output ?? null) as never })
    .onConflictDoUpdate({ target: [runSteps.runId, runSteps.name], set: { output: (params.output ?? null) as never } });
}

export type RunEvent = typeof runEvents.$inferSelect;

export async function insertEvent(
  db: Db,
  params: { runId: string; jobId: string; type: string; data?: Record<string, unknown> },
): Promise<RunEvent> {
  const [row] = await db
    .insert(runEvents)
    .values({ runId: params.runId, jobId: params.jobId, type: params.type, data: params.data ?? {} })
    .returning();
  return row!;
}

export async function listRunEvents(db: Db, params: { runId: string; afterId?: number }): Promise<RunEvent[]> {
  return db
    .select()
    .from(runEvents)
    .where(and(eq(runEvents.runId, params.runId), gt(runEvents.id, params.afterId ?? 0)))
    .orderBy(asc(runEvents.id));
}

/**
 * New events of several jobs at once, each after its own cursor (the SSE hub polls with one query
 * for all its subscribers; lib/jobs/event-hub.ts says why one cursor for all would lose events).
 */
export async function eventsAfterCursors(db: Db, cursors: ReadonlyArray<readonly [jobId: string, afterId: number]>): Promise<RunEvent[]> {
  if (!cursors.length) return [];
  return db
    .select()
    .from(runEvents)
    .where(or(...cursors.map(([jobId, afterId]) => and(eq(runEvents.jobId, jobId), gt(runEvents.id, afterId)))))
    .orderBy(asc(runEvents.id))
    .limit(1000);
}

/** The job's latest event id (0 when it has none). */
export async function maxJobEventId(db: Db, jobId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${runEvents.id}), 0)` })
    .from(runEvents)
    .where(eq(runEvents.jobId, jobId));
  return Number(row?.max ?? 0);
}
