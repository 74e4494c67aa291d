// A video's segments (every module, ordered by start_time), their corrections and revisions, and its share link.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient, isApiClientError } from "@/lib/browser/api-client";
import type { segmentResponse } from "@/lib/schemas/results";
import type { editedSegmentResponse, revisionResponse } from "@/lib/schemas/segment-edits";
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

export type SegmentRevision = z.output<typeof revisionResponse>;
export type EditedSegment = z.output<typeof editedSegmentResponse>;

const segmentPath = (jobId: string, segmentId: string) => `/videos/${encodeURIComponent(jobId)}/segments/${encodeURIComponent(segmentId)}`;

export const segmentRevisionQueries = {
  list: (jobId: string, segmentId: string) =>
    queryOptions({
      queryKey: [...segmentQueries.all(jobId), "revisions", segmentId],
      queryFn: ({ signal }) => apiClient.get<SegmentRevision[]>(`${segmentPath(jobId, segmentId)}/revisions`, { signal }),
    }),
};

export function useSegmentRevisions(jobId: string, segmentId: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...segmentRevisionQueries.list(jobId, segmentId), enabled: opts.enabled ?? true });
}

/** A corrected segment replaces its line in the list at once; the list, its revisions and the chapters are then read again. */
function useSegmentChange<V>(jobId: string, mutationFn: (vars: V) => Promise<EditedSegment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (segment) => {
      queryClient.setQueryData<Segment[]>(segmentQueries.list(jobId).queryKey, (list) => list?.map((s) => (s.id === segment.id ? segment : s)));
      void queryClient.invalidateQueries({ queryKey: segmentQueries.all(jobId) });
      void queryClient.invalidateQueries({ queryKey: ["chapters", jobId] });
    },
  });
}

export function useEditSegment(jobId: string) {
  return useSegmentChange(jobId, (vars: { segmentId: string; content?: string; metadata?: string | null }) =>
    apiClient.patch<EditedSegment>(segmentPath(jobId, vars.segmentId), { content: vars.content, metadata: vars.metadata }),
  );
}

export function useRestoreRevision(jobId: string) {
  return useSegmentChange(jobId, (vars: { segmentId: string; revision: number }) =>
    apiClient.post<EditedSegment>(`${segmentPath(jobId, vars.segmentId)}/revisions/${vars.revision}/restore`),
  );
}
