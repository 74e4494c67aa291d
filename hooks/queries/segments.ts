// A video's segments (every module, ordered by start_time) and its share link.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiClientError, unwrap, type Schemas } from "@/lib/browser/api-client";

export type Segment = Schemas["Segment"];
export type Share = Schemas["Share"];
export type SharedReport = Schemas["SharedReport"];
export type ActiveShare = Schemas["ActiveShare"];

export const segmentQueries = {
  all: (jobId: string) => ["segments", jobId] as const,
  list: (jobId: string) =>
    queryOptions({
      queryKey: [...segmentQueries.all(jobId), "list"],
      queryFn: ({ signal }) => unwrap(api.GET("/videos/{job_id}/segments", { params: { path: { job_id: jobId } }, signal })),
    }),
  /** The video's active share, or null when it has none (404). */
  activeShare: (jobId: string) =>
    queryOptions({
      queryKey: ["share", jobId],
      queryFn: async ({ signal }): Promise<ActiveShare | null> => {
        try {
          return await unwrap(api.GET("/videos/{job_id}/share", { params: { path: { job_id: jobId } }, signal }));
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
      queryFn: ({ signal }) => unwrap(api.GET("/shared-reports/{share_hash}", { params: { path: { share_hash: hash } }, headers: { Authorization: "" }, signal })),
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
    mutationFn: (jobId: string) => unwrap(api.POST("/videos/{job_id}/share", { params: { path: { job_id: jobId } } })),
    onSuccess: (_share, jobId) => queryClient.invalidateQueries({ queryKey: segmentQueries.activeShare(jobId).queryKey }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => unwrap(api.DELETE("/videos/{job_id}/share", { params: { path: { job_id: jobId } } })),
    onSuccess: (_ok, jobId) => queryClient.setQueryData(segmentQueries.activeShare(jobId).queryKey, null),
  });
}
