// Semantic search (POST /search) as a query: the same search asked twice within a minute is
// answered from the cache, and while a changed filter of the same query is being searched, the
// previous hits stay on screen (a new query shows its own loading state instead).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "@/lib/browser/api-client";
import type { paths } from "@/lib/client/api-types";

export type SearchResult = Schemas["SearchResult"];
type SearchBody = paths["/search"]["post"]["requestBody"]["content"]["application/json"];
export type SearchRequest = Pick<SearchBody, "query" | "job_id" | "modules" | "threshold" | "limit">;

export const searchQueries = {
  all: () => ["search"] as const,
  results: (request: SearchRequest) =>
    queryOptions({
      queryKey: [...searchQueries.all(), request],
      queryFn: ({ signal }) => unwrap(api.POST("/search", { body: request, signal })),
      staleTime: 60_000,
      // New videos finish in the background; a search is re-asked on demand, not on focus.
      refetchOnWindowFocus: false,
    }),
};

/** Searches when given a request; `null` (no query yet) asks nothing. */
export function useSearch(request: SearchRequest | null) {
  return useQuery({
    ...searchQueries.results(request ?? { query: "" }),
    enabled: request !== null,
    placeholderData: (previous, previousQuery) =>
      previous && request && (previousQuery?.queryKey[1] as SearchRequest | undefined)?.query === request.query ? previous : undefined,
  });
}
