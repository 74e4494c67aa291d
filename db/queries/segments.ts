// Segments of a video, read by owner.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { segments } from "../schema";

export type NewSegment = typeof segments.$inferInsert;

/** The columns a segment is read with (here and in segment-edits.ts). */
export const segmentColumns = {
  id: segments.id,
  jobId: segments.jobId,
  module: segments.module,
  content: segments.content,
  startTime: segments.startTime,
  endTime: segments.endTime,
  metadata: segments.metadata,
  edited: segments.edited,
  revision: segments.revision,
  createdAt: segments.createdAt,
};

export async function listSegments(
  db: Db,
  params: { userId: string; jobId: string; modules?: readonly string[] },
) {
  const where: SQL[] = [eq(segments.jobId, params.jobId), eq(segments.userId, params.userId)];
  if (params.modules) where.push(inArray(segments.module, [...params.modules]));
  return db
    .select(segmentColumns)
    .from(segments)
    .where(and(...where))
    .orderBy(asc(segments.startTime), asc(segments.endTime), asc(segments.module), asc(segments.createdAt));
}

export type SegmentRow = Awaited<ReturnType<typeof listSegments>>[number];

/**
 * Deletes a video's segments (of one module); with `keepEdited`, the owner's corrections stay.
 * With `vectorsOf` (an embedding model), answers the vectors of that model the deleted segments had,
 * by their text: segments written in their place that say the same need no new embedding.
 */
export async function deleteSegments(
  db: Db,
  params: { userId: string; jobId: string; module?: string; keepEdited?: boolean; vectorsOf?: string },
): Promise<Map<string, number[]>> {
  const where: SQL[] = [eq(segments.jobId, params.jobId), eq(segments.userId, params.userId)];
  if (params.module) where.push(eq(segments.module, params.module));
  if (params.keepEdited) where.push(eq(segments.edited, false));
  const vectors = new Map<string, number[]>();
  if (!params.vectorsOf) {
    await db.delete(segments).where(and(...where));
    return vectors;
  }
  const gone = await db.delete(segments).where(and(...where)).returning({ content: segments.content, embedding: segments.embedding, model: segments.embeddingModel });
  for (const g of gone) if (g.embedding && g.model === params.vectorsOf) vectors.set(g.content, g.embedding);
  return vectors;
}

export async function insertSegments(db: Db, rows: NewSegment[]) {
  if (!rows.length) return [];
  const out = [];
  for (let i = 0; i < rows.length; i += 500) {
    out.push(...(await db.insert(segments).values(rows.slice(i, i + 500)).returning({ id: segments.id })));
  }
  return out;
}
