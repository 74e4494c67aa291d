// POST /search: hybrid search over the caller's segments (full-text words fused with vector
// similarity; the score is defined in db/queries/search.ts and lib/search/README.md).
// Scope: the caller's completed videos, or exactly the given job ids (each must be theirs, else
// 404 `Video not found`), optionally only those of one project (404 `Project not found`). The
// query is embedded once per embedding model that made vectors in scope and can embed it now (the
// configured model, the local sentence encoder, the legacy lexical hash while re-embedding runs)
// and compared only with vectors of that model.
// Plan per model: an exact scan when the scope is small (or there is no HNSW index — PGlite), else
// the HNSW index and the full-text index, with a candidate pool large enough for deduplication
// and round-robin.
import type { Db } from "@/db/client";
import {
  completedJobIds,
  matchedTerms,
  modelsInScope,
  nearestExact,
  ownedJobIds,
  projectJobIds,
  searchCandidates,
  topUpCandidates,
  type Candidate,
  type SearchPlan,
  type VectorScope,
} from "@/db/queries/search";
import { availableEmbeddingModels } from "@/lib/ai/embeddings";
import { ApiError, notFound } from "@/lib/core/errors";
import { embedQuery } from "@/lib/search/embed-query";
import type { QueryVectors } from "@/lib/search/query-vectors";
import { MODULE_NAMES } from "@/lib/pipeline/modules/registry";
import type { SearchResult } from "@/lib/schemas/search";
import { isWholeVideoSummary, leavesOutSummaries, videoSummaries, type AboutVideo } from "./about-video";
import { PlanMemo } from "./plan-memo";
import { compareCandidates, modulesThatRanShort, rankCandidates } from "./rank";

export type { SearchPlan };

/** hnsw.ef_search: in bench/search (100k vectors) 200 kept recall@20 ≥ 0.99 over every graph build, 100 varied 0.97–0.99 between builds. */
export const HNSW_EF_SEARCH = 200;

/** How far the top-up walk for modules that ran short may go (hnsw.max_scan_tuples). */
export const SUPPLEMENT_MAX_SCAN_TUPLES = 4_000;

/**
 * The plan each recent scope took: a scope's size changes slowly, so for a minute the next search
 * of the same scope sends only that plan's half of the statement (no size count, less to plan;
 * bench/search). A stale entry costs speed, never results: both plans rank by the same rules.
 */
const knownPlans = new PlanMemo(60_000, 1_000);

export interface VectorSearchParams {
  scope: VectorScope;
  vector: readonly number[];
  /** The query as typed, when `vector` is its embedding text's (embed-query.ts). */
  alsoVector?: readonly number[];
  /** The query text (its words are matched by full-text search). */
  text: string;
  limit: number;
  threshold: number;
  /** Force a plan (benchmarks, tests); default: chosen from the scope's size, inside the query. */
  plan?: SearchPlan;
  efSearch?: number;
}

/**
 * The candidates of one model's vectors that the ranking rules need (not yet ranked): one
 * statement, so one round trip (db/queries/search.ts, searchCandidates). Only when the HNSW
 * walk's cut still lies above the threshold and a module ran short of it does a second, bounded
 * walk fetch more of those modules.
 */
export async function searchVectors(db: Db, params: VectorSearchParams): Promise<{ plan: SearchPlan; candidates: Candidate[] }> {
  const { scope, vector, text, limit, threshold } = params;
  const settings = { efSearch: params.efSearch ?? HNSW_EF_SEARCH };
  const k = Math.min(1000, Math.max(100, limit * 5));
  const found = await searchCandidates(db, { scope, vector, alsoVector: params.alsoVector, text, threshold, perModule: limit, k, settings, plan: params.plan ?? knownPlans.get(scope) });
  if (!params.plan) knownPlans.set(scope, found.plan);
  // (Walked candidates keep their `cosine` beside the Candidate fields: nothing reads it further on.)
  const candidates: Candidate[] = found.candidates;
  if (found.plan === "exact") return { plan: found.plan, candidates };

  // The walk ranks by meaning alone: decide on its plain cosine similarities, as the index saw them.
  let walked = 0;
  let last = Infinity;
  for (const c of found.candidates) {
    if (c.cosine === null) continue;
    walked++;
    last = Math.min(last, c.cosine);
  }
  if (walked < k || !(last >= threshold)) return { plan: found.plan, candidates };
  // Cut off while still above the threshold: modules that ran short may have more below the cut.
  const walk = found.candidates.filter((c) => c.cosine !== null).map((c) => ({ ...c, similarity: c.cosine! }));
  const short = modulesThatRanShort(walk, { limit, threshold }, scope.modules?.length ? scope.modules : MODULE_NAMES);
  if (!short.length) return { plan: found.plan, candidates };
  const more = await topUpCandidates(db, {
    scope,
    vector,
    alsoVector: params.alsoVector,
    text,
    modules: short,
    k: Math.min(1000, limit * 3 * short.length),
    minSimilarity: threshold,
    settings: { ...settings, maxScanTuples: SUPPLEMENT_MAX_SCAN_TUPLES },
  });
  const seen = new Set(candidates.map((c) => c.id));
  return { plan: found.plan, candidates: [...candidates, ...more.filter((c) => !seen.has(c.id))] };
}

export function toSearchResult(c: Candidate, matched: readonly string[] = [], about: AboutVideo | null = null): SearchResult {
  return {
    id: c.id,
    job_id: c.jobId,
    module: c.module,
    content: c.content,
    start_time: c.startTime,
    end_time: c.endTime,
    metadata: c.metadata,
    similarity: c.similarity,
    matched_terms: [...matched],
    about_video: about,
  };
}

export interface SearchParams {
  userId: string;
  query: string;
  jobId?: string;
  jobIds?: readonly string[];
  projectId?: string;
  modules?: readonly string[];
  limit: number;
  threshold: number;
  signal?: AbortSignal;
}

/**
 * Resolves the scope: undefined = all completed videos; else the given ids, all the caller's
 * (404 `Video not found` otherwise); with a project, only its completed videos (404 `Project not
 * found` when it is not the caller's), intersected with the given ids.
 */
export async function resolveSearchScope(db: Db, params: { userId: string; jobId?: string; jobIds?: readonly string[]; projectId?: string }) {
  const asked = [...(params.jobId !== undefined ? [params.jobId] : []), ...(params.jobIds ?? [])];
  let owned: string[] | undefined;
  if (asked.length) {
    const mine = new Set(await ownedJobIds(db, { userId: params.userId, jobIds: asked }));
    if (asked.some((id) => !mine.has(id.toLowerCase()))) throw notFound("Video");
    owned = [...mine];
  }
  if (params.projectId === undefined) return owned;
  const inProject = await projectJobIds(db, { userId: params.userId, projectId: params.projectId });
  if (!inProject) throw notFound("Project");
  return owned ? owned.filter((id) => inProject.completed.includes(id)) : inProject.completed;
}

export async function searchSegments(db: Db, params: SearchParams): Promise<SearchResult[]> {
  const asked = await resolveSearchScope(db, params);
  const jobIds = asked ?? (await completedJobIds(db, params.userId));
  if (!jobIds.length) return [];
  const ranked = await searchScope(db, { ...params, jobIds, wholeLibrary: !asked });
  const [terms, about] = await Promise.all([
    matchedTerms(db, { userId: params.userId, ids: ranked.map((c) => c.id), text: params.query }),
    videoSummaries(db, { userId: params.userId, jobIds: ranked.map((c) => c.jobId) }),
  ]);
  // Each video's summary once, on its best hit (the first of its hits, best first).
  const told = new Set<string>();
  return ranked.map((c) => {
    const summary = told.has(c.jobId) || isWholeVideoSummary(c) ? null : (about.get(c.jobId) ?? null);
    told.add(c.jobId);
    return toSearchResult(c, terms.get(c.id), summary);
  });
}

/**
 * The ranked candidates of a resolved scope (search and chat retrieval share this): the query is
 * embedded with each model that made vectors in scope, each model's vectors scored against it
 * (hybrid), and the union ranked by the contract's rules.
 */
export async function searchScope(
  db: Db,
  params: Omit<SearchParams, "jobId" | "jobIds" | "projectId"> & {
    jobIds: readonly string[];
    wholeLibrary?: boolean;
    /** Chat context: the `limit` best segments by the same score, without the 5-second windows and turns. */
    nearest?: boolean;
    /** With `nearest`: the words matched by full-text (default: the query's). */
    words?: string;
    /** The query's vectors, when the caller started embedding it early (its text must be `query`). */
    vectors?: QueryVectors;
  },
): Promise<Candidate[]> {
  const jobIds = params.jobIds;
  const modules = params.modules?.length ? [...new Set(params.modules)] : undefined;
  const candidates: Candidate[] = [];
  const base = { userId: params.userId, jobIds, wholeLibrary: params.wholeLibrary ?? false, modules };
  // Only models that made vectors in scope: the query is not embedded for nothing.
  for (const model of await modelsInScope(db, { scope: base, models: availableEmbeddingModels() })) {
    const scope: VectorScope = { ...base, model };
    const vectors = params.vectors?.text === params.query ? params.vectors : null;
    const query = await (vectors ? vectors.vector(model) : embedQuery(params.query, { model, signal: params.signal })).catch((err: Error) => {
      if (params.signal?.aborted) throw err;
      throw new ApiError(502, `The embedding model ${model} could not embed the query: ${err.message}`);
    });
    if (!query) continue; // a text with no words
    if (params.nearest) {
      candidates.push(...(await nearestExact(db, { scope, vector: query.vector, alsoVector: query.typed, text: params.query, words: params.words, k: params.limit })));
      continue;
    }
    const found = await searchVectors(db, { scope, vector: query.vector, alsoVector: query.typed, text: params.query, limit: params.limit, threshold: params.threshold });
    candidates.push(...found.candidates);
  }
  if (params.nearest) return candidates.filter((c) => c.similarity >= params.threshold).sort(compareCandidates).slice(0, params.limit);
  // Whole-video summaries are not moments: they take no place among the hits (about-video.ts).
  const moments = leavesOutSummaries(modules) ? candidates.filter((c) => !isWholeVideoSummary(c)) : candidates;
  return rankCandidates(moments, { limit: params.limit, threshold: params.threshold });
}
