// Hybrid reads over segments (full-text words + vectors), always scoped to one owner and one
// embedding model (vectors of different models are never compared). Two shapes: an exact scan
// that also pre-reduces the candidates (best per 5-second window, top `perModule` per module),
// and for scopes too large to scan an HNSW walk plus a GIN full-text lookup, both rescored.
// The similarity is defined in scoredSql (and lib/search/README.md).
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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

/** The scope's rows; `model` may be an SQL expression (a model per row of an outer query). */
function scopeWhere(scope: Omit<VectorScope, "model">, model: string | SQL = (scope as VectorScope).model): SQL {
  const where: (SQL | undefined)[] = [
    eq(segments.userId, scope.userId),
    typeof model === "string" ? eq(segments.embeddingModel, model) : sql`${segments.embeddingModel} = ${model}`,
    sql`${segments.embedding} IS NOT NULL`,
  ];
  const inJobs = sql`${segments.jobId} = ANY(${uuidArray(scope.jobIds)}::uuid[])`;
  // The whole library's videos are (nearly) all of the owner's rows: a filter, not an index to
  // combine with (user_id, embedding_model); `IS TRUE` keeps the planner from a BitmapAnd with the
  // job index, which cost a 2,000-vector library's exact scan ~0.5 ms (bench/search).
  where.push(!scope.jobIds.length ? sql`false` : scope.wholeLibrary ? sql`(${inJobs}) IS TRUE` : inJobs);
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

/** Up to this many vectors in scope, an exact scan: ~1 ms per 1,000 vectors on the server
 * (bench/search), against ~3–6 ms for the HNSW path. */
export const EXACT_SCAN_MAX_ROWS = 5_000;
/** A scope under this share of the table is scanned exactly: a graph walk would mostly meet other users' rows. */
export const MIN_INDEX_SHARE = 0.02;

export type SearchPlan = "exact" | "hnsw";

export interface ScopeStats {
  /** Rows in scope, counted up to `cap` (cap means "at least"). */
  rows: number;
  /** The planner's estimate of the whole table (-1 before the first ANALYZE). */
  tableRows: number;
  hasIndex: boolean;
}

/**
 * How big the scope is (bounded count) and whether an HNSW index exists: what picks the plan. The
 * owner's whole library is counted from the (user_id, embedding_model) index alone — an upper
 * bound that counts videos not completed yet too; given job ids are counted exactly.
 */
function statsSql(scope: VectorScope, cap: number): SQL {
  const where = !scope.wholeLibrary
    ? scopeWhere(scope)
    : and(eq(segments.userId, scope.userId), eq(segments.embeddingModel, scope.model), scope.modules?.length ? inArray(segments.module, [...scope.modules]) : undefined)!;
  return sql`SELECT
      (SELECT count(*) FROM (SELECT 1 FROM ${segments} WHERE ${where} LIMIT ${cap}) capped)::int AS rows,
      (SELECT reltuples FROM pg_class WHERE oid = 'segments'::regclass)::float8 AS table_rows,
      to_regclass(${HNSW_INDEX_NAME}) IS NOT NULL AS has_index`;
}

export async function scopeStats(db: Db, scope: VectorScope, cap: number): Promise<ScopeStats> {
  const [row] = rowsOf<{ rows: number | string; table_rows: number | string; has_index: boolean }>(await db.execute(statsSql(scope, cap)));
  return { rows: Number(row!.rows), tableRows: Number(row!.table_rows), hasIndex: row!.has_index === true || String(row!.has_index) === "true" };
}

/**
 * The plan, decided inside the search's own statement (no round trip of its own): an exact scan
 * when the scope is small (or there is no HNSW index — PGlite), or a small share of the table;
 * else the HNSW index.
 */
function planSql(scope: VectorScope): SQL {
  return sql`SELECT CASE
      WHEN NOT s.has_index OR s.rows <= ${EXACT_SCAN_MAX_ROWS} THEN 'exact'
      WHEN s.table_rows > 0 AND s.rows / s.table_rows < ${MIN_INDEX_SHARE} THEN 'exact'
      ELSE 'hnsw' END AS p
    FROM (${statsSql(scope, EXACT_SCAN_MAX_ROWS + 1)}) s`;
}

/** Which of `models` made at least one vector in the scope (one round trip for all models). */
export async function modelsInScope(db: Db, params: { scope: Omit<VectorScope, "model">; models: readonly string[] }): Promise<string[]> {
  if (!params.models.length) return [];
  const list = sql.join(
    params.models.map((m) => sql`(${m})`),
    sql`, `,
  );
  const exists = (model: SQL) =>
    params.scope.wholeLibrary
      ? sql`${segments.userId} = ${params.scope.userId} AND ${segments.embeddingModel} = ${model} ${params.scope.modules?.length ? sql`AND ${inArray(segments.module, [...params.scope.modules])}` : sql``}`
      : scopeWhere(params.scope, model);
  const rows = rowsOf<{ model: string }>(
    await db.execute(sql`SELECT m.model FROM (VALUES ${list}) AS m(model) WHERE EXISTS (SELECT 1 FROM ${segments} WHERE ${exists(sql`m.model`)})`),
  );
  const found = new Set(rows.map((r) => r.model));
  return params.models.filter((m) => found.has(m));
}

/**
 * The query's words for the lexical half of the score: each distinct word of the query (Postgres'
 * own parser, lower-cased) as a tsquery matching its exact form or its English stem, weighted 1,
 * or 0.25 for an English stopword ("the", "of") so that sharing one counts for little.
 */
function termsCtes(words: string): SQL {
  return sql`terms AS MATERIALIZED (
      SELECT plainto_tsquery('simple', w) || plainto_tsquery('english', w) AS q,
        CASE WHEN numnode(plainto_tsquery('english', w)) > 0 THEN 1.0 ELSE 0.25 END AS weight
      FROM unnest(tsvector_to_array(to_tsvector('simple', ${words}::text))) AS w),
    total AS MATERIALIZED (SELECT coalesce(sum(weight), 0) AS weight FROM terms)`;
}

/**
 * The query once per statement (needs `termsCtes`): `qv.v` its vector, `anyword.q` any of its
 * words exact or stemmed as one tsquery (served by the GIN index), `anyword.phrase` its words as
 * a phrase.
 */
function queryCtes(vector: readonly number[], words: string, also?: readonly number[]): SQL {
  const v2 = also ? sql`${vectorLiteral(also)}::vector` : sql`NULL::vector`;
  return sql`qv AS MATERIALIZED (SELECT ${vectorLiteral(vector)}::vector AS v, ${v2} AS v2),
    anyword AS MATERIALIZED (SELECT ${anyWordQuery(words)} AS q, phraseto_tsquery('simple', ${words}::text) AS phrase)`;
}

/**
 * THE score (see lib/search/README.md), as a row source of (id, job_id, module, start_time,
 * cosine, similarity) over the segments matching `where` (needs the `terms`, `total`, `qv` and
 * `anyword` CTEs):
 *   semantic  s = max(0, cosine similarity of the vectors) — with `pair`, of the nearer of the
 *             query's two vectors (its embedding text's and its own, embed-query.ts)
 *   coverage  c = weighted share of the query's words the segment contains (exact or stemmed)
 *   phrase    p = 1 when the query's words appear in the segment as the query's phrase
 *   similarity  = max(s, c × (0.6 + 0.3 s + 0.1 p)), at most 1, to 6 decimals
 * so a segment holding every word of the query scores at least 0.6, and one that only means the
 * same scores its cosine similarity. Narrow on purpose (no text, no metadata: `withColumns` adds
 * them to the few rows answered), and a segment without any word of the query (c = 0) is not
 * asked for its coverage or phrase. `floor`: rows below it are dropped before the rounding.
 */
function scoredSql(params: { where: SQL; floor?: number; wide?: boolean; order?: SQL; /** qv.v2 holds the query as typed too: the nearer of the two counts. */ pair?: boolean }): SQL {
  const semantic = sql.raw(`greatest(0, cosine)`);
  const raw = sql`least(1, greatest(${semantic}, CASE WHEN matched THEN
      coalesce((SELECT sum(t.weight) FROM terms t WHERE tsv @@ t.q) / nullif((SELECT weight FROM total), 0), 0)
        * (0.6 + 0.3 * ${semantic} + CASE WHEN tsv @@ (SELECT phrase FROM anyword) THEN 0.1 ELSE 0 END)
      ELSE 0 END))`;
  const names = sql.raw(params.wide ? "id, job_id, module, content, start_time, end_time, metadata" : "id, job_id, module, start_time");
  const picked = params.wide ? columns : sql`${segments.id} AS id, ${segments.jobId} AS job_id, ${segments.module} AS module, ${segments.startTime} AS start_time`;
  // Rounded to 6 decimals: float noise must not keep an identical text below threshold 1. The
  // rounding moves a score by at most 5e-7, so the floor can be applied (cheaply) before it.
  return sql`SELECT ${names}, cosine, round(raw::numeric, 6)::float8 AS similarity FROM (
      SELECT ${names}, cosine, ${raw} AS raw FROM (
        SELECT ${picked}, ${segments.contentTsv} AS tsv, ${params.pair ? sql`greatest(1 - (${segments.embedding} <=> (SELECT v FROM qv)), 1 - (${segments.embedding} <=> (SELECT v2 FROM qv)))` : sql`1 - (${segments.embedding} <=> (SELECT v FROM qv))`} AS cosine,
          ${segments.contentTsv} @@ (SELECT q FROM anyword) AS matched
        FROM ${segments} WHERE ${params.where} ${params.order ?? sql`OFFSET 0`}
      ) m OFFSET 0
    ) r${params.floor === undefined ? sql`` : sql` WHERE raw >= ${params.floor - 1e-6}`}`;
}

/** The same columns from a CTE of wide scored rows (`scoredSql` with `wide`). */
const WIDE = "id, job_id, module, content, start_time, end_time, metadata, similarity";

/** The answered rows (`picked`: id, similarity[, cosine]) with the segment's columns, owner-scoped. */
function withColumns(picked: string, userId: string, extra = ""): SQL {
  return sql`SELECT ${columns}, p.similarity${sql.raw(extra)} FROM ${sql.raw(picked)} p
    JOIN ${segments} ON ${segments.id} = p.id AND ${segments.userId} = ${userId}`;
}

/** Any word of the query, exact or stemmed, as one tsquery. */
function anyWordQuery(text: string): SQL {
  return sql`(replace(plainto_tsquery('simple', ${text}::text)::text, ' & ', ' | ')::tsquery
    || replace(plainto_tsquery('english', ${text}::text)::text, ' & ', ' | ')::tsquery)`;
}

/**
 * The `k` best segments of the scope by hybrid similarity, exactly (chat retrieval). `words`: the
 * text whose words are matched, when it is not the whole query (a question's keywords).
 */
export async function nearestExact(
  db: Db,
  params: { scope: VectorScope; vector: readonly number[]; alsoVector?: readonly number[]; text: string; words?: string; k: number },
): Promise<Candidate[]> {
  const words = params.words ?? params.text;
  const rows = rowsOf<RawCandidate>(
    await db.execute(sql`WITH ${termsCtes(words)}, ${queryCtes(params.vector, words, params.alsoVector)},
      top AS (${scoredSql({ where: scopeWhere(params.scope), pair: !!params.alsoVector })} ORDER BY similarity DESC, start_time, id LIMIT ${params.k})
      ${withColumns("top", params.scope.userId)} ORDER BY p.similarity DESC, p.start_time, p.id`),
  );
  return rows.map(toCandidate);
}

export interface HnswSettings {
  /** hnsw.ef_search: candidates kept while walking the graph (recall against speed). */
  efSearch: number;
  /** hnsw.max_scan_tuples: how far an iterative scan may walk before it gives up (default 20,000). */
  maxScanTuples?: number;
}

/** A search candidate with, for rows found by the HNSW walk, its plain cosine similarity. */
export interface WalkedCandidate extends Candidate {
  /** Cosine similarity, for rows of the HNSW walk (null: found by the exact scan or by words). */
  cosine: number | null;
}

/**
 * One embedding model's search candidates in ONE statement (and one round trip):
 * - exact: every segment of the scope scored, reduced to what the ranking rules can use (the
 *   best per (job_id, module, floor(start_time / 5)) at or above `threshold`, and of those the
 *   `perModule` best of each module);
 * - hnsw: the `k` nearest by the HNSW index (vector alone; their cosine is returned for the
 *   top-up decision), each scored as the walk reads it, and the `k` best segments at or above
 *   `threshold` holding a word of the query (GIN index), scored by the same formula.
 * With `plan` given (the caller knows the scope's size) only that half is sent; without it the
 * plan is chosen inside the statement from the scope's size (planSql), both halves are sent
 * gated on it, and a marker row with a null id carries the plan taken.
 */
export async function searchCandidates(
  db: Db,
  params: {
    scope: VectorScope;
    vector: readonly number[];
    /** The query as typed, when `vector` is its embedding text's (embed-query.ts): the nearer counts. */
    alsoVector?: readonly number[];
    text: string;
    threshold: number;
    perModule: number;
    k: number;
    settings: HnswSettings;
    plan?: SearchPlan;
  },
): Promise<{ plan: SearchPlan; candidates: WalkedCandidate[] }> {
  const { scope, vector, text, plan } = params;
  const pair = !!params.alsoVector;
  const where = scopeWhere(scope);
  const gate = (p: SearchPlan) => (plan ? sql`` : sql` AND (SELECT p FROM plan) = ${p}`);
  const exactHalf = sql`exact_hits AS MATERIALIZED (
      SELECT * FROM (${scoredSql({ where: sql`${where}${gate("exact")}`, floor: params.threshold, pair })}) h WHERE similarity >= ${params.threshold}
    ), exact_best AS (
      SELECT DISTINCT ON (job_id, module, floor(start_time / 5)) id, module, start_time, similarity
      FROM exact_hits
      ORDER BY job_id, module, floor(start_time / 5), similarity DESC, start_time, id
    ), exact_out AS (
      SELECT id, similarity FROM (
        SELECT *, row_number() OVER (PARTITION BY module ORDER BY similarity DESC, start_time, id) AS rn FROM exact_best) r
      WHERE rn <= ${params.perModule}
    )`;
  // The walk reads each row once: scored (and its columns taken) as the index yields it.
  const hnswHalf = sql`walked AS MATERIALIZED (${scoredSql({
    where: sql`${where}${gate("hnsw")}`,
    wide: true,
    order: sql`ORDER BY ${segments.embedding} <=> (SELECT v FROM qv) LIMIT ${params.k}`,
    pair,
  })}), worded AS MATERIALIZED (
      SELECT * FROM (${scoredSql({
        where: sql`${where} AND ${segments.contentTsv} @@ (SELECT q FROM anyword)${gate("hnsw")} AND ${segments.id} NOT IN (SELECT id FROM walked)`,
        wide: true,
        floor: params.threshold,
        pair,
      })}) w WHERE similarity >= ${params.threshold} ORDER BY similarity DESC, start_time, id LIMIT ${params.k}
    )`;
  const head = sql`WITH ${termsCtes(text)}, ${queryCtes(vector, text, params.alsoVector)}`;
  const fromExact = sql`${withColumns("exact_out", scope.userId, ", NULL::float8 AS cosine")}`;
  const fromHnsw = sql`SELECT ${sql.raw(WIDE)}, cosine FROM walked UNION ALL SELECT ${sql.raw(WIDE)}, NULL FROM worded`;
  let rows: (RawCandidate & { cosine: number | string | null })[];
  if (plan === "exact") {
    // No index walk: a plain statement (parameters bound, no settings).
    rows = rowsOf(await db.execute(sql`${head}, ${exactHalf} ${fromExact}`));
  } else if (plan === "hnsw") {
    rows = await executeWithHnswSettings(db, params.settings, sql`${head}, ${hnswHalf} ${fromHnsw}`, true);
  } else {
    const query = sql`${head}, plan AS MATERIALIZED (${planSql(scope)}), ${exactHalf}, ${hnswHalf}
      ${fromExact} UNION ALL ${fromHnsw}
      UNION ALL
      SELECT NULL, NULL, p, NULL, NULL, NULL, NULL, NULL, NULL FROM plan`;
    rows = await executeWithHnswSettings(db, params.settings, query, false);
  }
  let taken: SearchPlan = plan ?? "exact";
  const candidates: WalkedCandidate[] = [];
  for (const r of rows) {
    if (r.id === null) taken = r.module as SearchPlan;
    else {
      const c = toCandidate(r) as WalkedCandidate;
      c.cosine = r.cosine === null ? null : Number(r.cosine);
      candidates.push(c);
    }
  }
  return { plan: taken, candidates };
}

/**
 * More of the HNSW walk for modules that ran short below its cut (those of `modules` with vectors
 * in the scope), bounded: only rows at least `minSimilarity` similar, and a walk of at most
 * `maxScanTuples` — qualifying segments far off in the graph are given up on (approximate, like
 * the index itself) rather than walking the table. Scored like every candidate.
 */
export async function topUpCandidates(
  db: Db,
  params: { scope: VectorScope; vector: readonly number[]; alsoVector?: readonly number[]; text: string; modules: readonly string[]; k: number; minSimilarity: number; settings: HnswSettings },
): Promise<Candidate[]> {
  if (!params.modules.length) return [];
  const q = vectorLiteral(params.vector);
  const base = scopeWhere({ ...params.scope, modules: undefined });
  const list = sql.join(
    params.modules.map((m) => sql`${m}`),
    sql`, `,
  );
  const query = sql`WITH ${termsCtes(params.text)}, ${queryCtes(params.vector, params.text, params.alsoVector)},
    present AS MATERIALIZED (
      SELECT m FROM unnest(ARRAY[${list}]::text[]) AS m WHERE EXISTS (SELECT 1 FROM ${segments} WHERE ${base} AND ${segments.module} = m)
    ), walk AS MATERIALIZED (
      SELECT ${segments.id} AS id FROM ${segments}
      WHERE ${base} AND ${segments.module} = ANY(ARRAY(SELECT m FROM present))
        AND ${segments.embedding} <=> ${q}::vector <= ${1 - params.minSimilarity}
      ORDER BY ${segments.embedding} <=> ${q}::vector LIMIT ${params.k}
    ), walked AS MATERIALIZED (${scoredSql({ where: sql`${segments.id} IN (SELECT id FROM walk) AND ${base}`, pair: !!params.alsoVector })})
    ${withColumns("walked", params.scope.userId)}`;
  return (await executeWithHnswSettings<RawCandidate>(db, params.settings, query, true)).map(toCandidate);
}

const dialect = new PgDialect();

/** A parameter written into the SQL text (for the simple protocol, which takes no parameters). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "string") {
    if (v.includes("\u0000")) throw new Error("a text with a NUL character");
    // An escape string: backslashes and quotes escaped, whatever standard_conforming_strings says.
    return `E'${v.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  }
  throw new Error(`cannot write a ${typeof v} into SQL`);
}

/**
 * Runs `query` with the HNSW walk's settings, in one round trip where the driver allows it. The
 * planner's own costing of a parameterised HNSW scan often prefers a full scan plus sort, so
 * sorting is ruled out for the statement; that adds a huge "disabled" cost to every plan, which
 * would make the server JIT-compile the statement (seconds, for milliseconds of work), so JIT is
 * off for it too. The settings are local to its transaction. On a
 * Postgres server (postgres.js) the settings and the query go as one simple-protocol message (one
 * implicit transaction; parameters written into the text); elsewhere (PGlite, a transaction) in a
 * transaction of their own — or, when `needsSettings` is false and there is no HNSW index to walk
 * (PGlite), as a plain statement.
 */
async function executeWithHnswSettings<T>(db: Db, settings: HnswSettings, query: SQL, needsSettings: boolean): Promise<T[]> {
  const set = sql`SELECT set_config('hnsw.ef_search', ${String(settings.efSearch)}, true),
    set_config('hnsw.iterative_scan', 'strict_order', true), set_config('enable_sort', 'off', true), set_config('jit', 'off', true),
    set_config('hnsw.max_scan_tuples', ${String(settings.maxScanTuples ?? 20_000)}, true)`;
  const client = (db as unknown as { $client?: { unsafe?: (q: string) => { simple(): Promise<unknown> } } }).$client;
  if (typeof client?.unsafe === "function") {
    const text = [set, query]
      .map((part) => {
        const { sql: body, params } = dialect.sqlToQuery(part);
        return body.replace(/\$(\d+)/g, (_, i: string) => literal(params[Number(i) - 1]));
      })
      .join(";\n");
    const results = (await client.unsafe(text).simple()) as unknown[];
    return rowsOf<T>(results[results.length - 1]);
  }
  const isPglite = typeof (client as { exec?: unknown } | undefined)?.exec === "function";
  if (isPglite && !needsSettings) return rowsOf<T>(await db.execute(query));
  return db.transaction(async (tx) => {
    await tx.execute(set);
    return rowsOf<T>(await tx.execute(query));
  });
}

/** The video_reasoning segments that start at 0 in these videos (the whole-video summaries are among them). Owner-scoped. */
export async function reasoningAtStart(db: Db, params: { userId: string; jobIds: readonly string[] }): Promise<Candidate[]> {
  if (!params.jobIds.length) return [];
  const rows = rowsOf<RawCandidate>(
    await db.execute(sql`
      SELECT ${columns}, 1 AS similarity FROM ${segments}
      WHERE ${segments.userId} = ${params.userId} AND ${segments.jobId} = ANY(${uuidArray(params.jobIds)}::uuid[])
        AND ${segments.module} = 'video_reasoning' AND ${segments.startTime} = 0`),
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
