// The search as it lives in the URL (`/search?q=…&video=…&modules=a,b&threshold=0.4&limit=20`),
// so a search can be linked to and the back button returns to the previous one. Values outside
// what the API accepts are dropped or clamped here, so a hand-edited link still searches.
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT } from "@/lib/core/search-limits";
import { isModuleName, type ModuleName } from "@/lib/pipeline/modules/registry";

export { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT };

export interface SearchState {
  /** Trimmed; "" means no search yet. */
  query: string;
  /** One video's job id; "" for all completed videos. */
  videoId: string;
  /** Empty: every module. */
  modules: ModuleName[];
  threshold: number;
  limit: number;
}

export const EMPTY_SEARCH: SearchState = {
  query: "",
  videoId: "",
  modules: [],
  threshold: DEFAULT_SEARCH_THRESHOLD,
  limit: DEFAULT_SEARCH_LIMIT,
};

interface ParamsLike {
  get(name: string): string | null;
}

/** Two decimals are all a slider step needs, and keep the URL readable. */
export function roundThreshold(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

export function parseSearchState(params: ParamsLike): SearchState {
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_CHARS);
  const videoId = (params.get("video") ?? "").trim().slice(0, 64);
  const modules = [...new Set((params.get("modules") ?? "").split(",").map((m) => m.trim()))].filter(isModuleName);
  const t = Number.parseFloat(params.get("threshold") ?? "");
  const n = Number.parseInt(params.get("limit") ?? "", 10);
  return {
    query,
    videoId,
    modules,
    threshold: Number.isFinite(t) ? roundThreshold(t) : DEFAULT_SEARCH_THRESHOLD,
    limit: Number.isFinite(n) ? Math.min(MAX_SEARCH_LIMIT, Math.max(1, n)) : DEFAULT_SEARCH_LIMIT,
  };
}

/** The query string for a state, leaving out what is at its default. */
export function searchStateToQueryString(state: SearchState): string {
  const q = new URLSearchParams();
  if (state.query) q.set("q", state.query);
  if (state.videoId) q.set("video", state.videoId);
  if (state.modules.length) q.set("modules", state.modules.join(","));
  if (roundThreshold(state.threshold) !== DEFAULT_SEARCH_THRESHOLD) q.set("threshold", String(roundThreshold(state.threshold)));
  if (state.limit !== DEFAULT_SEARCH_LIMIT) q.set("limit", String(state.limit));
  return q.toString();
}

/** Where a hit opens: the results page, its player starting at the hit, its module's tab open. */
export function hitHref(jobId: string, startTime: number, module?: string): string {
  const t = Math.round(Math.max(0, startTime) * 100) / 100;
  const q = new URLSearchParams();
  if (t > 0) q.set("t", String(t));
  if (module) q.set("module", module);
  const qs = q.toString();
  return `/videos/${encodeURIComponent(jobId)}${qs ? `?${qs}` : ""}`;
}
