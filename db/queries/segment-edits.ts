// Corrections of segments by their owner: one segment read for an edit, its revisions, and the
// edited segments a module's new output must not duplicate. Every query takes the owner's id.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { segmentRevisions, segments } from "../schema";
import { segmentColumns } from "./segments";

export type SegmentRevisionRow = typeof segmentRevisions.$inferSelect;

/** One segment of the owner's video, locked for the rest of the transaction when `forUpdate`. */
export async function getSegment(db: Db, params: { userId: string; jobId: string; segmentId: string; forUpdate?: boolean }) {
  const query = db
    .select(segmentColumns)
    .from(segments)
    .where(and(eq(segments.id, params.segmentId), eq(segments.jobId, params.jobId), eq(segments.userId, params.userId)));
  const [row] = params.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** Writes a segment's new text as its revision `revision` (the caller holds the row lock). */
export async function updateSegmentText(
  db: Db,
  params: { userId: string; segmentId: string; content: string; metadata: string | null; revision: number; edited: boolean },
) {
  const [row] = await db
    .update(segments)
    .set({ content: params.content, metadata: params.metadata, revision: params.revision, edited: params.edited })
    .where(and(eq(segments.id, params.segmentId), eq(segments.userId, params.userId)))
    .returning(segmentColumns);
  return row ?? null;
}

export async function insertRevision(db: Db, row: typeof segmentRevisions.$inferInsert): Promise<void> {
  await db.insert(segmentRevisions).values(row);
}

/** A segment's revisions, newest first. */
export async function listRevisions(db: Db, params: { userId: string; segmentId: string }): Promise<SegmentRevisionRow[]> {
  return db
    .select()
    .from(segmentRevisions)
    .where(and(eq(segmentRevisions.segmentId, params.segmentId), eq(segmentRevisions.userId, params.userId)))
    .orderBy(desc(segmentRevisions.revision));
}

export async function getRevision(db: Db, params: { userId: string; segmentId: string; revision: number }): Promise<SegmentRevisionRow | null> {
  const [row] = await db
    .select()
    .from(segmentRevisions)
    .where(
      and(
        eq(segmentRevisions.segmentId, params.segmentId),
        eq(segmentRevisions.userId, params.userId),
        eq(segmentRevisions.revision, params.revision),
      ),
    );
  return row ?? null;
}

/** The edited segments of one module of a video (kept when the module runs again). */
export async function editedSegments(db: Db, params: { userId: string; jobId: string; module: string }) {
  return db
    .select({ id: segments.id, startTime: segments.startTime, endTime: segments.endTime })
    .from(segments)
    .where(
      and(eq(segments.jobId, params.jobId), eq(segments.userId, params.userId), eq(segments.module, params.module), eq(segments.edited, true)),
    );
}
