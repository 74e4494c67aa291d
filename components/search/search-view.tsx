"use client";
// /search: the query and filters live in the URL (linkable, Back returns to the previous
// search); the hits link to the results page at their moment.
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { isModuleName, MODULE_NAMES, sortModules, type ModuleName } from "@/lib/pipeline/modules/registry";
import { useSearch, type SearchRequest } from "@/hooks/queries/search";
import { selectedModules, useVideos, type Video } from "@/hooks/queries/videos";
import { SearchFilters, type FilterChange } from "./search-filters";
import { SearchForm } from "./search-form";
import { parseSearchState, searchStateToQueryString, DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, type SearchState } from "./search-params";
import { SearchResults } from "./search-results";
import { plural } from "@/lib/core/words";

function toRequest(state: SearchState): SearchRequest | null {
  if (!state.query) return null;
  return {
    query: state.query,
    ...(state.videoId ? { job_id: state.videoId } : {}),
    ...(state.modules.length ? { modules: state.modules } : {}),
    threshold: state.threshold,
    limit: state.limit,
  };
}

/** Modules the videos in scope were analysed with (what there is to find), in timeline order. */
function searchableModules(videos: Video[] | undefined, videoId: string): ModuleName[] {
  const chosen = videos?.filter((v) => v.job_id === videoId) ?? [];
  const inScope = chosen.length ? chosen : (videos ?? []);
  const found = sortModules(inScope.flatMap(selectedModules)).filter(isModuleName);
  return found.length ? found : [...MODULE_NAMES];
}

function liveMessage(state: SearchState, data: unknown[] | undefined, isFetching: boolean, isError: boolean): string {
  if (!state.query) return "";
  if (isFetching) return "Searching…";
  if (isError) return "The search failed.";
  if (!data) return "";
  return data.length ? `${plural(data.length, "result")} for ${state.query}` : `No results for ${state.query}`;
}

export function SearchView() {
  const pathname = usePathname();
  const params = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);
  const search = useSearch(useMemo(() => toRequest(state), [state]));
  const videos = useVideos();
  const completed = useMemo(() => videos.data?.filter((v) => v.status === "completed"), [videos.data]);
  const videosById = useMemo(() => new Map((videos.data ?? []).map((v) => [v.job_id, v])), [videos.data]);

  // Next keeps useSearchParams in step with the History API, without a round trip to the server.
  const go = (next: SearchState, mode: "push" | "replace") => {
    const qs = searchStateToQueryString(next);
    const url = qs ? `${pathname}?${qs}` : pathname;
    if (mode === "push") window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  };
  // A filter changed: the same search, narrowed or widened (no new history entry for each click).
  const changeFilters = (change: FilterChange) => go({ ...state, ...change, limit: DEFAULT_SEARCH_LIMIT }, "replace");

  return (
    <>
      <PageHeader title="Search" description="Search across the analysis of your videos — transcripts, shots, scenes, on-screen text and more." />

      <Card className="mb-6 space-y-3 p-4 sm:space-y-5 sm:p-5">
        <SearchForm
          query={state.query}
          busy={search.isFetching}
          onSubmit={(query) => {
            // The same query again asks the server again (videos may have finished since).
            if (query === state.query) void search.refetch();
            else go({ ...state, query, limit: DEFAULT_SEARCH_LIMIT }, "push");
          }}
        />
        <SearchFilters state={state} videos={completed} availableModules={searchableModules(completed, state.videoId)} onChange={changeFilters} />
      </Card>

      <SearchResults
        state={state}
        outcome={search}
        videosById={videosById}
        hasVideos={!completed || completed.length > 0}
        onWiden={({ threshold, clearFilters }) =>
          changeFilters({ ...(threshold !== undefined ? { threshold } : {}), ...(clearFilters ? { videoId: "", modules: [] } : {}) })
        }
        onShowMore={() => go({ ...state, limit: Math.min(MAX_SEARCH_LIMIT, state.limit + DEFAULT_SEARCH_LIMIT) }, "replace")}
      />
      <p className="sr-only" aria-live="polite">
        {liveMessage(state, search.data, search.isFetching, search.isError)}
      </p>
    </>
  );
}
