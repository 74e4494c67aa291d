// A video's segments (every module, ordered by start_time) and its share link.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient, isApiClientError } from "@/lib/browser/api-client";
import type { segmentResponse } from "@/lib/schemas/results";
import type { activeShareResponse, sharedReportResponse, shareResponse } from "@/lib/schemas/shares";

export type Segment = z.output<typeof segmentResponse>;
export type Share = z.output<typeof shareResponse>;
export type SharedReport = z.output<typeof sharedReportResponse>;
export type ActiveShare = z.output<typeof activeShareResponse>;

export const segmentQueries = {
  all: (jobId: string) => ["segments", jobId] as const,
  list: (jobId: string) =>
    queryOptions({
      queryKey: [...segmentQueries.all(jobId), "list"],
      queryFn: ({ signal }) => apiClient.get<Segment[]>(`/videos/${encodeURIComponent(jobId)}/segments`, { signal }),
    }),
  /** The video's active share, or null when it has none (404). */
  activeShare: (jobId: string) =>
    queryOptions({
      queryKey: ["share", jobId],
      queryFn: async ({ signal }): Promise<ActiveShare | null> => {
        try {
          return await apiClient.get<ActiveShare>(`/videos/${encodeURIComponent(jobId)}/share`, { signal });
        } catch (err) {
          if (isApiClientError(err, 404) && err.detail === "Shared report not found") return null;
          throw err;
        }
      },
    }),
  shared: (hash: string) =>
    queryOptions({
      queryKey: ["shared-report", hash],
      // Public: no credential is needed, and none is sent to someone else's report.
      queryFn: ({ signal }) => apiClient.get<SharedReport>(`/shared-reports/${encodeURIComponent(hash)}`, { signal, authorization: "" }),
      staleTime: 60_000,
    }),
};

export function useSegments(jobId: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...segmentQueries.list(jobId), enabled: opts.enabled ?? true });
}

export function useSharedReport(hash: string) {
  return useQuery(segmentQueries.shared(hash));
}

export function useActiveShare(jobId: string) {
  return useQuery(segmentQueries.activeShare(jobId));
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiClient.post<Share>(`/videos/${encodeURIComponent(jobId)}/share`),
    onSuccess: (_share, jobId) => queryClient.invalidateQueries({ queryKey: segmentQueries.activeShare(jobId).queryKey }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiClient.delete<{ ok: true }>(`/videos/${encodeURIComponent(jobId)}/share`),
    onSuccess: (_ok, jobId) => queryClient.setQueryData(segmentQueries.activeShare(jobId).queryKey, null),
  });
}
