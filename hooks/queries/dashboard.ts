// GET /api/dashboard: everything of the signed-in account in one call; polled every few seconds
// while one of its videos is importing, queued or processing.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/browser/api-client";

export const dashboardQueries = {
  all: () => ["dashboard"] as const,
  get: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all()],
      queryFn: ({ signal }) => unwrap(api.GET("/dashboard", { signal })),
      staleTime: 30_000,
      refetchInterval: (q) => (q.state.data?.videos.some((v) => v.status === "importing" || v.status === "queued" || v.status === "processing") ? 3000 : false),
    }),
};

export function useDashboard() {
  return useQuery(dashboardQueries.get());
}
