// Segment vectors: which segments still need one (new, or made by another model than the current
// one), writing vectors with their model, and how far re-embedding has come.
import { and, asc, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { segments } from "../schema";

const WRITE_BATCH = 100;

export interface SegmentText {
  id: string;
  content: string;
  embeddingModel: string | null;
}

/** A job's segments that have no vector yet, in time order. */
export async function segmentsWithoutVector(db: Db, params: { userId: string; jobId: string }): Promise<SegmentText[]> {
  return db
    .select({ id: segments.id, content: segments.content, embeddingModel: segments.embeddingModel })
    .from(segments)
    .where(and(eq(segments.jobId, params.jobId), eq(segments.userId, params.userId), isNull(segments.embedding)))
    .orderBy(asc(segments.startTime), asc(segments.id));
}

/** Segments with a vector of another model than `model` (any owner): the next `limit` to re-embed. */
function staleWhere(model: string): SQL {
  return and(isNotNull(segments.embedding), or(isNull(segments.embeddingModel), ne(segments.embeddingModel, model)))!;
}

export async function staleSegments(db: Db, params: { model: string; limit: number }): Promise<(SegmentText & { userId: string })[]> {
  return db
    .select({ id: segments.id, userId: segments.userId, content: segments.content, embeddingModel: segments.embeddingModel })
    .from(segments)
    .where(staleWhere(params.model))
    .orderBy(asc(segments.id))
    .limit(params.limit);
}

/**
 * Writes vectors made by `model`. With `replacing`, a row is only overwritten while it still holds
 * a vector of that model (a row re-embedded or deleted meanwhile is left alone). Answers rows written.
 */
export async function writeSegmentVectors(
  db: Db,
  params: { userId?: string; model: string; vectors: { id: string; vector: readonly number[] }[]; replacing?: boolean },
): Promise<number> {
  let written = 0;
  for (let b = 0; b < params.vectors.length; b += WRITE_BATCH) {
    const values = sql.join(
      params.vectors.slice(b, b + WRITE_BATCH).map((p) => sql`(${p.id}::uuid, ${`[${p.vector.join(",")}]`}::vector)`),
      sql`, `,
    );
    const owner = params.userId ? sql`AND ${segments.userId} = ${params.userId}` : sql``;
    const notYet = params.replacing ? sql`AND ${segments.embeddingModel} IS DISTINCT FROM ${params.model}` : sql``;
    const res = await db.execute(sql`
      UPDATE ${segments} SET embedding = v.e, embedding_model = ${params.model}
      FROM (VALUES ${values}) AS v(id, e)
      WHERE ${segments.id} = v.id ${owner} ${notYet}
      RETURNING ${segments.id}`);
    written += (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows).length;
  }
  return written;
}

/** Drops the vector of segments that have nothing to embed (no words) under the new model. */
export async function clearSegmentVectors(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`UPDATE ${segments} SET embedding = NULL, embedding_model = NULL
    WHERE ${segments.id} = ANY(${`{${ids.join(",")}}`}::uuid[])`);
}

export interface EmbeddingCounts {
  /** Segments with a vector. */
  total: number;
  /** …of those, made by the current model. */
  current: number;
}

/** How many segments (of one owner, or all) have vectors, and how many of the current model. */
export async function embeddingCounts(db: Db, params: { model: string; userId?: string }): Promise<EmbeddingCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      current: sql<number>`count(*) FILTER (WHERE ${segments.embeddingModel} = ${params.model})::int`,
    })
    .from(segments)
    .where(and(isNotNull(segments.embedding), params.userId ? eq(segments.userId, params.userId) : undefined));
  return { total: Number(row?.total ?? 0), current: Number(row?.current ?? 0) };
}

/**
 * An edited segment's new vector (null: its text has no words to embed), written only while the
 * segment still holds the text it was made from (a later edit wins). Answers whether it was written.
 */
export async function writeEditedSegmentVector(
  db: Db,
  params: { userId: string; id: string; content: string; model: string | null; vector: readonly number[] | null },
): Promise<boolean> {
  const rows = await db
    .update(segments)
    .set({
      embedding: params.vector ? [...params.vector] : null,
      embeddingModel: params.vector ? params.model : null,
    })
    .where(and(eq(segments.id, params.id), eq(segments.userId, params.userId), eq(segments.content, params.content)))
    .returning({ id: segments.id });
  return rows.length > 0;
}
