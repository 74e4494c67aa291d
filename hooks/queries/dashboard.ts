// GET /api/dashboard: the signed-in user's profile and keys (and more as resources land).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import type { Dashboard } from "@/lib/client/types";

export const dashboardQueries = {
  all: () => ["dashboard"] as const,
  get: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all()],
      queryFn: ({ signal }) => apiClient.get<Dashboard>("/dashboard", { signal }),
      staleTime: 30_000,
    }),
};

export function useDashboard() {
  return useQuery(dashboardQueries.get());
}
