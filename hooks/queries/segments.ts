// A video's segments (every module, ordered by start_time) and its share link.
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/client/api-client";
import type { segmentResponse } from "@/lib/schemas/results";
import type { sharedReportResponse, shareResponse } from "@/lib/schemas/shares";

export type Segment = z.output<typeof segmentResponse>;
export type Share = z.output<typeof shareResponse>;
export type SharedReport = z.output<typeof sharedReportResponse>;

export const segmentQueries = {
  all: (jobId: string) => ["segments", jobId] as const,
  list: (jobId: string) =>
    queryOptions({
      queryKey: [...segmentQueries.all(jobId), "list"],
      queryFn: ({ signal }) => apiClient.get<Segment[]>(`/videos/${encodeURIComponent(jobId)}/segments`, { signal }),
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

export function useCreateShare() {
  return useMutation({
    mutationFn: (jobId: string) => apiClient.post<Share>(`/videos/${encodeURIComponent(jobId)}/share`),
  });
}

export function useRevokeShare() {
  return useMutation({
    mutationFn: (jobId: string) => apiClient.delete<{ ok: true }>(`/videos/${encodeURIComponent(jobId)}/share`),
  });
}
