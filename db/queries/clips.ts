// Clips, scoped to their owner; the clip worker claims them here (queued, or processing with an
// expired lease) with FOR UPDATE SKIP LOCKED, so each clip is cut by one process at a time.
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clips, type Clip, type ClipRange } from "../schema";
import { isUuid } from "@/lib/core/uuid";
import { afterCursor, pageOrder, type PageCursor } from "./page-cursor";

export type { Clip, ClipRange };

export async function insertClip(db: Db, values: { userId: string; title: string; ranges: ClipRange[]; duration: number }): Promise<Clip> {
  const [row] = await db.insert(clips).values(values).returning();
  return row!;
}

export async function getClip(db: Db, params: { userId: string; clipId: string }): Promise<Clip | null> {
  if (!isUuid(params.clipId)) return null;
  const [row] = await db
    .select()
    .from(clips)
    .where(and(eq(clips.id, params.clipId), eq(clips.userId, params.userId)))
    .limit(1);
  return row ?? null;
}

/** Any clip by id (the playback route, whose signed token names the clip). */
export async function getClipById(db: Db, clipId: string): Promise<Clip | null> {
  if (!isUuid(clipId)) return null;
  const [row] = await db.select().from(clips).where(eq(clips.id, clipId)).limit(1);
  return row ?? null;
}

/** The user's clips, newest first; with `limit`, one page after `cursor`. */
export async function listClips(db: Db, params: { userId: string; limit?: number; cursor?: PageCursor }): Promise<Clip[]> {
  const q = db
    .select()
    .from(clips)
    .where(and(eq(clips.userId, params.userId), params.cursor ? afterCursor(clips.createdAt, clips.id, params.cursor) : undefined))
    .orderBy(...pageOrder(clips.createdAt, clips.id));
  return params.limit ? q.limit(params.limit) : q;
}

export async function deleteClip(db: Db, params: { userId: string; clipId: string }): Promise<Clip | null> {
  if (!isUuid(params.clipId)) return null;
  const [row] = await db
    .delete(clips)
    .where(and(eq(clips.id, params.clipId), eq(clips.userId, params.userId)))
    .returning();
  return row ?? null;
}

/** Claims the oldest queued clip, or a processing one whose lease lapsed (its process died). */
export async function claimClip(db: Db, params: { owner: string; leaseMs: number }): Promise<Clip | null> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: clips.id })
      .from(clips)
      .where(
        or(
          eq(clips.status, "queued"),
          and(
            eq(clips.status, "processing"),
            lt(clips.leaseExpiresAt, now),
            or(isNull(clips.leaseOwner), ne(clips.leaseOwner, params.owner)),
          ),
        ),
      )
      .orderBy(asc(clips.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!candidate) return null;
    const [row] = await tx
      .update(clips)
      .set({
        status: "processing",
        leaseOwner: params.owner,
        leaseExpiresAt: new Date(now.getTime() + params.leaseMs),
        attempts: sql`${clips.attempts} + 1`,
        updatedAt: now,
      })
      .where(eq(clips.id, candidate.id))
      .returning();
    return row ?? null;
  });
}

/** Extends a lease; false when the clip is no longer ours (deleted, or claimed by another). */
export async function renewClipLease(db: Db, params: { clipId: string; owner: string; leaseMs: number }): Promise<boolean> {
  const rows = await db
    .update(clips)
    .set({ leaseExpiresAt: new Date(Date.now() + params.leaseMs) })
    .where(and(eq(clips.id, params.clipId), eq(clips.leaseOwner, params.owner), eq(clips.status, "processing")))
    .returning({ id: clips.id });
  return rows.length > 0;
}

/** Ends a processing clip held by `owner`: completed (with its file) or failed (with the reason). */
export async function finishClip(
  db: Db,
  params: { clipId: string; owner: string; status: "completed" | "failed"; error?: string; storagePath?: string; fileSize?: number; duration?: number },
): Promise<Clip | null> {
  const [row] = await db
    .update(clips)
    .set({
      status: params.status,
      error: params.error ?? null,
      ...(params.storagePath ? { storagePath: params.storagePath } : {}),
      ...(params.fileSize !== undefined ? { fileSize: params.fileSize } : {}),
      ...(params.duration !== undefined ? { duration: params.duration } : {}),
      leaseOwner: null,
      leaseExpiresAt: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(clips.id, params.clipId), eq(clips.leaseOwner, params.owner), eq(clips.status, "processing")))
    .returning();
  return row ?? null;
}

/** Processing clips and who holds them (at start-up: those of dead processes are taken over at once). */
export async function processingClipLeases(db: Db): Promise<{ id: string; leaseOwner: string | null }[]> {
  return db.select({ id: clips.id, leaseOwner: clips.leaseOwner }).from(clips).where(eq(clips.status, "processing"));
}

/** Lets these processing clips be claimed at once (their holder is gone or stopping). */
export async function expireClipLeases(db: Db, params: { clipIds: string[]; refund?: boolean }): Promise<void> {
  if (!params.clipIds.length) return;
  await db
    .update(clips)
    .set({
      leaseExpiresAt: new Date(0),
      ...(params.refund ? { attempts: sql`greatest(${clips.attempts} - 1, 0)` } : {}),
    })
    .where(and(inArray(clips.id, params.clipIds), eq(clips.status, "processing")));
}
