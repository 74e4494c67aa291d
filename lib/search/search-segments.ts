// POST /search: semantic search over the caller's segments.
// Scope: the caller's completed videos, or exactly the given job ids (each must be theirs, else
// 404 `Video not found`). The query is embedded once per embedding model that can embed it now
// (the configured model, and the local lexical one) and compared only with vectors of that model.
// Plan per model: an exact scan when the scope is small (or there is no HNSW index — PGlite), else
// the HNSW index with a candidate pool large enough for deduplication and round-robin.
import type { Db } from "@/db/client";
import {
  completedJobIds,
  exactCandidates,
  hnswCandidates,
  modulesWithVectors,
  ownedJobIds,
  scopeStats,
  type Candidate,
  type ScopeStats,
  type VectorScope,
} from "@/db/queries/search";
import { availableEmbeddingModels } from "@/lib/ai/embeddings";
import { ApiError, notFound } from "@/lib/api/errors";
import { embedQuery } from "@/lib/pipeline/embed-step";
import { MODULE_NAMES } from "@/lib/pipeline/module-names";
import type { SearchResult } from "@/lib/schemas/search";
import { modulesThatRanShort, rankCandidates } from "./rank";

/** Up to this many vectors in scope, an exact scan: ~1 ms per 1,000 vectors on the server
 * (bench/search), so at most ~5 ms plus the dedup, against ~3–6 ms for the HNSW path. */
export const EXACT_SCAN_MAX_ROWS = 5_000;
/** A scope under this share of the table is scanned exactly: a graph walk would mostly meet other users' rows. */
export const MIN_INDEX_SHARE = 0.02;
/** hnsw.ef_search: in bench/search (100k vectors) 200 kept recall@20 ≥ 0.99 over every graph build, 100 varied 0.97–0.99 between builds. */
export const HNSW_EF_SEARCH = 200;

/** How far the top-up walk for modules that ran short may go (hnsw.max_scan_tuples). */
export const SUPPLEMENT_MAX_SCAN_TUPLES = 4_000;

export type SearchPlan = "exact" | "hnsw";

export interface VectorSearchParams {
  scope: VectorScope;
  vector: readonly number[];
  limit: number;
  threshold: number;
  /** Force a plan (benchmarks, tests); default: chosen from the scope's size. */
  plan?: SearchPlan;
  efSearch?: number;
}

export function choosePlan(stats: ScopeStats): SearchPlan {
  if (!stats.hasIndex || stats.rows <= EXACT_SCAN_MAX_ROWS) return "exact";
  if (stats.tableRows > 0 && stats.rows / stats.tableRows < MIN_INDEX_SHARE) return "exact";
  return "hnsw";
}

/** The candidates of one model's vectors that the ranking rules need (not yet ranked). */
export async function searchVectors(db: Db, params: VectorSearchParams): Promise<{ plan: SearchPlan; candidates: Candidate[] }> {
  const { scope, vector, limit, threshold } = params;
  const plan = params.plan ?? choosePlan(await scopeStats(db, scope, EXACT_SCAN_MAX_ROWS + 1));
  if (plan === "exact") {
    return { plan, candidates: await exactCandidates(db, { scope, vector, threshold, perModule: limit }) };
  }
  const settings = { efSearch: params.efSearch ?? HNSW_EF_SEARCH };
  const k = Math.min(1000, Math.max(100, limit * 5));
  const candidates = await hnswCandidates(db, { scope, vector, k, settings });
  const last = candidates[candidates.length - 1];
  if (candidates.length < k || !last || last.similarity < threshold) return { plan, candidates };
  // Cut off while still above the threshold: modules that ran short may have more below the cut.
  const short = modulesThatRanShort(candidates, { limit, threshold }, scope.modules?.length ? scope.modules : MODULE_NAMES);
  const present = await modulesWithVectors(db, scope, short);
  if (present.length) {
    // One more walk for just those modules, bounded: qualifying segments that lie far off in the
    // graph are given up on (approximate, like the index itself) rather than walking the table.
    const more = await hnswCandidates(db, {
      scope: { ...scope, modules: present },
      vector,
      k: Math.min(1000, limit * 3 * present.length),
      settings,
      minSimilarity: threshold,
      maxScanTuples: SUPPLEMENT_MAX_SCAN_TUPLES,
    });
    const seen = new Set(candidates.map((c) => c.id));
    candidates.push(...more.filter((c) => !seen.has(c.id)));
  }
  return { plan, candidates };
}

export function toSearchResult(c: Candidate): SearchResult {
  return {
    id: c.id,
    job_id: c.jobId,
    module: c.module,
    content: c.content,
    start_time: c.startTime,
    end_time: c.endTime,
    metadata: c.metadata,
    similarity: c.similarity,
  };
}

export interface SearchParams {
  userId: string;
  query: string;
  jobId?: string;
  jobIds?: readonly string[];
  modules?: readonly string[];
  limit: number;
  threshold: number;
  signal?: AbortSignal;
}

/** Resolves the scope: undefined = all completed videos; else the given ids, all the caller's. */
export async function resolveSearchScope(db: Db, params: { userId: string; jobId?: string; jobIds?: readonly string[] }) {
  const asked = [...(params.jobId !== undefined ? [params.jobId] : []), ...(params.jobIds ?? [])];
  if (!asked.length) return undefined;
  const owned = new Set(await ownedJobIds(db, { userId: params.userId, jobIds: asked }));
  if (asked.some((id) => !owned.has(id.toLowerCase()))) throw notFound("Video");
  return [...owned];
}

export async function searchSegments(db: Db, params: SearchParams): Promise<SearchResult[]> {
  const asked = await resolveSearchScope(db, params);
  const jobIds = asked ?? (await completedJobIds(db, params.userId));
  if (!jobIds.length) return [];
  const modules = params.modules?.length ? [...new Set(params.modules)] : undefined;
  const candidates: Candidate[] = [];
  for (const model of availableEmbeddingModels()) {
    const scope: VectorScope = { userId: params.userId, model, jobIds, wholeLibrary: !asked, modules };
    const stats = await scopeStats(db, scope, EXACT_SCAN_MAX_ROWS + 1);
    if (!stats.rows) continue; // nothing of this model to compare with: do not embed the query
    const query = await embedQuery(params.query, { model, signal: params.signal }).catch((err: Error) => {
      if (params.signal?.aborted) throw err;
      throw new ApiError(502, `The embedding model ${model} could not embed the query: ${err.message}`);
    });
    if (!query) continue; // a text with no words
    const found = await searchVectors(db, { scope, vector: query.vector, limit: params.limit, threshold: params.threshold, plan: choosePlan(stats) });
    candidates.push(...found.candidates);
  }
  return rankCandidates(candidates, { limit: params.limit, threshold: params.threshold }).map(toSearchResult);
}
