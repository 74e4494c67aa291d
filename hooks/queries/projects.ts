// Projects, for picking one at upload and filtering or moving videos. The projects API may be
// missing on an older server: a 404 there means "no projects feature" and the pickers hide.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient, isApiClientError } from "@/lib/client/api-client";
import type { projectResponse } from "@/lib/schemas/projects";

export type Project = z.output<typeof projectResponse>;

export const projectQueries = {
  all: () => ["projects"] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all(), "list"],
      queryFn: ({ signal }) => apiClient.get<Project[]>("/projects", { signal }),
      staleTime: 30_000,
    }),
};

export function useProjects() {
  const q = useQuery(projectQueries.list());
  /** False when the server has no projects API (404) — hide project controls then. */
  const isAvailable = !isApiClientError(q.error, 404);
  return { ...q, isAvailable };
}
