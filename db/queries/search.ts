// Hybrid reads over segments (full-text words + vectors), always scoped to one owner and one
// embedding model (vectors of different models are never compared). Two shapes: an exact scan
// that also pre-reduces the candidates (best per 5-second window, top `perModule` per module),
// and for scopes too large to scan an HNSW walk plus a GIN full-text lookup, both rescored.
// The similarity is defined in scoredSql (and lib/search/README.md).
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { projects, segments, videos } from "../schema";
import { isUuid } from "@/lib/core/uuid";

/** Markers ts_headline puts around matched words (characters that do not occur in text). */
const MARK_START = "\u27e6";
const MARK_STOP = "\u27e7";
export const HNSW_INDEX_NAME = "segments_embedding_hnsw_idx";

export interface VectorScope {
  userId: string;
  /** The embedding model of the vectors compared (the query vector must come from it). */
  model: string;
  /** These videos, already checked to be the owner's. Passed as one array value rather than a
   * join, so the planner sees the scope and can walk the HNSW index in distance order. */
  jobIds: readonly string[];
  /** The owner's whole library (all completed videos): sized from the (user_id, embedding_model) index. */
  wholeLibrary?: boolean;
  modules?: readonly string[];
}

export interface Candidate {
  id: string;
  jobId: string;
  module: string;
  content: string;
  startTime: number;
  endTime: number;
  metadata: string | null;
  similarity: number;
}

interface RawCandidate {
  id: string;
  job_id: string;
  module: string;
  content: string;
  start_time: number | string;
  end_time: number | string;
  metadata: string | null;
  similarity: number | string;
}

/** db.execute answers rows (postgres.js) or {rows} (PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function toCandidate(r: RawCandidate): Candidate {
  return {
    id: r.id,
    jobId: r.job_id,
    module: r.module,
    content: r.content,
    startTime: Number(r.start_time),
    endTime: Number(r.end_time),
    metadata: r.metadata,
    similarity: Number(r.similarity),
  };
}

export function vectorLiteral(v: readonly number[]): string {
  return `[${v.join(",")}]`;
}

/** An array literal of uuids (validated, so nothing to escape) as one parameter. */
function uuidArray(ids: readonly string[]): string {
  for (const id of ids) if (!isUuid(id)) throw new Error(`not a uuid: ${id}`);
  return `{${ids.join(",")}}`;
}

function scopeWhere(scope: VectorScope): SQL {
  const where: (SQL | undefined)[] = [
    eq(segments.userId, scope.userId),
    eq(segments.embeddingModel, scope.model),
    sql`${segments.embedding} IS NOT NULL`,
  ];
  where.push(scope.jobIds.length ? sql`${segments.jobId} = ANY(${uuidArray(scope.jobIds)}::uuid[])` : sql`false`);
  if (scope.modules?.length) where.push(inArray(segments.module, [...scope.modules]));
  return and(...where)!;
}

const columns = sql`${segments.id} AS id, ${segments.jobId} AS job_id, ${segments.module} AS module, ${segments.content} AS content,
  ${segments.startTime} AS start_time, ${segments.endTime} AS end_time, ${segments.metadata} AS metadata`;

/** The owner's job ids among `jobIds` (malformed ids are simply not theirs). */
export async function ownedJobIds(db: Db, params: { userId: string; jobIds: readonly string[] }): Promise<string[]> {
  const ids = [...new Set(params.jobIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
  if (!ids.length) return [];
  const rows = await db
    .select({ jobId: videos.jobId })
    .from(videos)
    .where(and(eq(videos.userId, params.userId), inArray(videos.jobId, ids)));
  return rows.map((r) => r.jobId);
}

/** The owner's completed videos: what a search without job ids covers. */
export async function completedJobIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ jobId: videos.jobId })
    .from(videos)
    .where(and(eq(videos.userId, userId), eq(videos.status, "completed")));
  return rows.map((r) => r.jobId);
}

/** A project's videos (all, and completed), or null when it is not the owner's (or not a uuid). */
export async function projectJobIds(db: Db, params: { userId: string; projectId: string }): Promise<{ all: string[]; completed: string[] } | null> {
  if (!isUuid(params.projectId)) return null;
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)));
  if (!project) return null;
  const rows = await db
    .select({ jobId: videos.jobId, status: videos.status })
    .from(videos)
    .where(and(eq(videos.userId, params.userId), eq(videos.projectId, project.id)))
    .orderBy(videos.createdAt, videos.jobId);
  return { all: rows.map((r) => r.jobId), completed: rows.filter((r) => r.status === "completed").map((r) => r.jobId) };
}

export interface ScopeStats {
  /** Rows in scope, counted up to `cap` (cap means "at least"). */
  rows: number;
  /** The planner's estimate of the whole table (-1 before the first ANALYZE). */
  tableRows: number;
  hasIndex: boolean;
}

/**
 * How big the scope is (bounded count) and whether an HNSW index exists: picks the plan. The
 * owner's whole library is counted from the (user_id, embedding_model) index alone — an upper
 * bound that counts videos not completed yet too; given job ids are counted exactly.
 */
export async function scopeStats(db: Db, scope: VectorScope, cap: number): Promise<ScopeStats> {
  const where = !scope.wholeLibrary
    ? scopeWhere(scope)
    : and(eq(segments.userId, scope.userId), eq(segments.embeddingModel, scope.model), scope.modules?.length ? inArray(segments.module, [...scope.modules]) : undefined)!;
  const [row] = rowsOf<{ rows: number | string; table_rows: number | string; has_index: boolean }>(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM (SELECT 1 FROM ${segments} WHERE ${where} LIMIT ${cap}) capped)::int AS rows,
        (SELECT reltuples FROM pg_class WHERE oid = 'segments'::regclass)::float8 AS table_rows,
        EXISTS (SELECT 1 FROM pg_indexes WHERE tablename = 'segments' AND indexname = ${HNSW_INDEX_NAME}) AS has_index`),
  );
  return { rows: Number(row!.rows), tableRows: Number(row!.table_rows), hasIndex: row!.has_index === true || String(row!.has_index) === "true" };
}

/**
 * The query's words for the lexical half of the score: each distinct word of the query (Postgres'
 * own parser, lower-cased) as a tsquery matching its exact form or its English stem, weighted 1,
 * or 0.25 for an English stopword ("the", "of") so that sharing one counts for little.
 */
function termsCte(text: string): SQL {
  return sql`SELECT plainto_tsquery('simple', w) || plainto_tsquery('english', w) AS q,
      CASE WHEN numnode(plainto_tsquery('english', w)) > 0 THEN 1.0 ELSE 0.25 END AS weight
    FROM unnest(tsvector_to_array(to_tsvector('simple', ${text}::text))) AS w`;
}

/**
 * Every segment of the scope with its hybrid similarity (see lib/search/README.md):
 *   semantic  s = max(0, cosine similarity of the vectors)
 *   coverage  c = weighted share of the query's words the segment contains (exact or stemmed)
 *   phrase    p = 1 when the query's words appear in the segment as the query's phrase
 *   similarity  = max(s, c × (0.6 + 0.3 s + 0.1 p)), at most 1, to 6 decimals
 * so a segment holding every word of the query scores at least 0.6, and one that only means the
 * same scores its cosine similarity. `extraWhere` narrows the rows (e.g. full-text matches only).
 */
function scoredSql(params: { scope: VectorScope; vector: readonly number[]; text: string; words?: string; extraWhere?: SQL }): SQL {
  const q = vectorLiteral(params.vector);
  const words = params.words ?? params.text;
  return sql`
    WITH terms AS MATERIALIZED (${termsCte(words)}),
    total AS MATERIALIZED (SELECT coalesce(sum(weight), 0) AS weight FROM terms),
    parts AS MATERIALIZED (
      SELECT ${columns},
        greatest(0, 1 - (${segments.embedding} <=> ${q}::vector)) AS semantic,
        coalesce((SELECT sum(t.weight) FROM terms t WHERE ${segments.contentTsv} @@ t.q) / nullif((SELECT weight FROM total), 0), 0) AS coverage,
        (${segments.contentTsv} @@ phraseto_tsquery('simple', ${words}::text)) AS phrase
      FROM ${segments} WHERE ${scopeWhere(params.scope)} ${params.extraWhere ?? sql``}
    ), scored AS MATERIALIZED (
      SELECT id, job_id, module, content, start_time, end_time, metadata,
        -- rounded to 6 decimals: float noise must not keep an identical text below threshold 1
        round(least(1, greatest(semantic, coverage * (0.6 + 0.3 * semantic + CASE WHEN phrase THEN 0.1 ELSE 0 END)))::numeric, 6)::float8 AS similarity
      FROM parts
    )`;
}

/**
 * Exact scan of the scope: every segment is scored, then only the best segment per
 * (job_id, module, floor(start_time / 5)) at or above `threshold` is kept, and of those the
 * `perModule` best of each module — exactly what round-robin selection up to `perModule` needs.
 * The materialized CTEs keep the planner off the HNSW index (this must be exact).
 */
export async function exactCandidates(
  db: Db,
  params: { scope: VectorScope; vector: readonly number[]; text: string; threshold: number; perModule: number },
): Promise<Candidate[]> {
  const rows = rowsOf<RawCandidate>(
    await db.execute(sql`
      ${scoredSql(params)}, best AS (
        SELECT DISTINCT ON (job_id, module, floor(start_time / 5)) *
        FROM scored WHERE similarity >= ${params.threshold}
        ORDER BY job_id, module, floor(start_time / 5), similarity DESC, start_time, id
      ), ranked AS (
        SELECT *, row_number() OVER (PARTITION BY module ORDER BY similarity DESC, start_time, id) AS rn FROM best
      )
      SELECT id, job_id, module, content, start_time, end_time, metadata, similarity
      FROM ranked WHERE rn <= ${params.perModule}`),
  );
  return rows.map(toCandidate);
}

/**
 * The `k` best segments of the scope by hybrid similarity, exactly (chat retrieval). `words`: the
 * text whose words are matched, when it is not the whole query (a question's keywords).
 */
export async function nearestExact(
  db: Db,
  params: { scope: VectorScope; vector: readonly number[]; text: string; words?: string; k: number },
): Promise<Candidate[]> {
  const rows = rowsOf<RawCandidate>(
    await db.execute(sql`${scoredSql(params)}
      SELECT * FROM scored ORDER BY similarity DESC, start_time, id LIMIT ${params.k}`),
  );
  return rows.map(toCandidate);
}

/** The hybrid similarity of the given segments of the scope (candidates found by the HNSW index). */
export async function rescoreCandidates(
  db: Db,
  params: { scope: VectorScope; vector: readonly number[]; text: string; ids: readonly string[] },
): Promise<Candidate[]> {
  if (!params.ids.length) return [];
  const rows = rowsOf<RawCandidate>(
    await db.execute(sql`${scoredSql({ ...params, extraWhere: sql`AND ${segments.id} = ANY(${uuidArray(params.ids)}::uuid[])` })}
      SELECT * FROM scored`),
  );
  return rows.map(toCandidate);
}

/** Any word of the query, exact or stemmed, as one tsquery (served by the GIN index). */
function anyWordQuery(text: string): SQL {
  return sql`(replace(plainto_tsquery('simple', ${text}::text)::text, ' & ', ' | ')::tsquery
    || replace(plainto_tsquery('english', ${text}::text)::text, ' & ', ' | ')::tsquery)`;
}

/**
 * Segments of the scope holding at least one word of the query, the `k` best by hybrid
 * similarity: the full-text half of a large (HNSW) search, found through the GIN index.
 */
export async function textCandidates(
  db: Db,
  params: { scope: VectorScope; vector: readonly number[]; text: string; k: number },
): Promise<Candidate[]> {
  const rows = rowsOf<RawCandidate>(
    await db.execute(sql`${scoredSql({ ...params, extraWhere: sql`AND ${segments.contentTsv} @@ ${anyWordQuery(params.text)}` })}
      SELECT * FROM scored ORDER BY similarity DESC, start_time, id LIMIT ${params.k}`),
  );
  return rows.map(toCandidate);
}

/**
 * The words of each segment that match the query's words (exact form or English stem), in order
 * of first appearance, for highlighting. Owner-scoped.
 */
export async function matchedTerms(db: Db, params: { userId: string; ids: readonly string[]; text: string }): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!params.ids.length) return out;
  const opts = `StartSel="${MARK_START}", StopSel="${MARK_STOP}", HighlightAll=true`;
  const simple = sql`replace(plainto_tsquery('simple', ${params.text}::text)::text, ' & ', ' | ')::tsquery`;
  const english = sql`replace(plainto_tsquery('english', ${params.text}::text)::text, ' & ', ' | ')::tsquery`;
  const rows = rowsOf<{ id: string; content: string; a: string; b: string }>(
    await db.execute(sql`
      SELECT ${segments.id} AS id, ${segments.content} AS content,
        ts_headline('simple', ${segments.content}, ${simple}, ${opts}) AS a,
        ts_headline('english', ${segments.content}, ${english}, ${opts}) AS b
      FROM ${segments} WHERE ${segments.userId} = ${params.userId} AND ${segments.id} = ANY(${uuidArray(params.ids)}::uuid[])`),
  );
  const marked = new RegExp(`${MARK_START}([^${MARK_STOP}]*)${MARK_STOP}`, "g");
  for (const r of rows) {
    const words = new Map<string, string>();
    // English matches (stems, no stopwords) when there are any; exact forms (stopwords too) else,
    // so a query of content words does not highlight every "a" and "the".
    const english = [...r.b.matchAll(marked)];
    for (const m of english.length ? english : [...r.a.matchAll(marked)]) if (m[1] && !words.has(m[1].toLowerCase())) words.set(m[1].toLowerCase(), m[1]);
    const lower = r.content.toLowerCase();
    const at = (w: string) => (lower.indexOf(w) + 1 || Infinity);
    out.set(r.id, [...words.entries()].sort((x, y) => at(x[0]) - at(y[0])).map(([, w]) => w));
  }
  return out;
}

export interface HnswSettings {
  /** hnsw.ef_search: candidates kept while walking the graph (recall against speed). */
  efSearch: number;
}

/**
 * Approximate nearest neighbours through the HNSW index: the `k` nearest of the scope. Iterative
 * scans (pgvector ≥ 0.8) keep walking the graph when the scope's filters reject what it found, so
 * a filtered scope still gets `k` rows (within hnsw.max_scan_tuples).
 */
export async function hnswCandidates(
  db: Db,
  params: {
    scope: VectorScope;
    vector: readonly number[];
    k: number;
    settings: HnswSettings;
    /** Only rows at least this similar (with maxScanTuples: a bounded walk that may find fewer). */
    minSimilarity?: number;
    /** hnsw.max_scan_tuples: how far an iterative scan may walk before it gives up (default 20,000). */
    maxScanTuples?: number;
  },
): Promise<Candidate[]> {
  const q = vectorLiteral(params.vector);
  return db.transaction(async (tx) => {
    // The caller chose this plan for a large scope; the planner's own costing of a parameterised
    // HNSW scan often prefers a full scan plus sort, so sorting is ruled out for this transaction.
    await tx.execute(sql`SELECT set_config('hnsw.ef_search', ${String(params.settings.efSearch)}, true),
      set_config('hnsw.iterative_scan', 'strict_order', true), set_config('enable_sort', 'off', true),
      set_config('hnsw.max_scan_tuples', ${String(params.maxScanTuples ?? 20_000)}, true)`);
    const close = params.minSimilarity !== undefined ? sql`AND ${segments.embedding} <=> ${q}::vector <= ${1 - params.minSimilarity}` : sql``;
    const nearest = (scope: VectorScope) => sql`
      SELECT ${columns}, 1 - (${segments.embedding} <=> ${q}::vector) AS similarity
      FROM ${segments} WHERE ${scopeWhere(scope)} ${close}
      ORDER BY ${segments.embedding} <=> ${q}::vector LIMIT ${params.k}`;
    return rowsOf<RawCandidate>(await tx.execute(nearest(params.scope))).map(toCandidate);
  });
}

/** Which of `modules` have at least one vector in the scope (cheap: the job/module index). */
export async function modulesWithVectors(db: Db, scope: VectorScope, modules: readonly string[]): Promise<string[]> {
  if (!modules.length) return [];
  const list = sql.join(
    modules.map((m) => sql`(${m})`),
    sql`, `,
  );
  const rows = rowsOf<{ module: string }>(
    await db.execute(sql`
      SELECT m.module FROM (VALUES ${list}) AS m(module)
      WHERE EXISTS (SELECT 1 FROM ${segments} WHERE ${scopeWhere({ ...scope, modules: undefined })} AND ${segments.module} = m.module)`),
  );
  return rows.map((r) => r.module);
}

/** The embedding models of a video's vectors and how many each made (modules filter applied). */
export async function embeddingModelsOf(
  db: Db,
  params: { userId: string; jobId: string; modules?: readonly string[] },
): Promise<{ model: string; count: number }[]> {
  const rows = await db
    .select({ model: segments.embeddingModel, count: sql<number>`count(*)::int` })
    .from(segments)
    .where(
      and(
        eq(segments.userId, params.userId),
        eq(segments.jobId, params.jobId),
        sql`${segments.embedding} IS NOT NULL`,
        params.modules?.length ? inArray(segments.module, [...params.modules]) : undefined,
      ),
    )
    .groupBy(segments.embeddingModel);
  return rows.filter((r) => r.model).map((r) => ({ model: r.model!, count: Number(r.count) }));
}
