// A video's segments (every module, ordered by start_time), their corrections and revisions, and its share link.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiClientError, unwrap, type Schemas } from "@/lib/browser/api-client";
import { videoQueries } from "./videos";

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

/**
 * The video's active share. `known: false`: the video says it has none (VideoResponse `shared`),
 * so nothing is asked (no 404 in the browser's log) until that changes.
 */
export function useActiveShare(jobId: string, opts: { known?: boolean } = {}) {
  const absent = opts.known === false;
  return useQuery({ ...segmentQueries.activeShare(jobId), enabled: !absent, initialData: absent ? null : undefined, initialDataUpdatedAt: 0 });
}

/** After a share is made or revoked the video's `shared` changes too. */
const videoDetailKey = (jobId: string) => videoQueries.detail(jobId).queryKey;

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => unwrap(api.POST("/videos/{job_id}/share", { params: { path: { job_id: jobId } } })),
    onSuccess: (_share, jobId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: segmentQueries.activeShare(jobId).queryKey }),
        queryClient.invalidateQueries({ queryKey: videoDetailKey(jobId) }),
      ]),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => unwrap(api.DELETE("/videos/{job_id}/share", { params: { path: { job_id: jobId } } })),
    onSuccess: (_ok, jobId) => {
      queryClient.setQueryData(segmentQueries.activeShare(jobId).queryKey, null);
      return queryClient.invalidateQueries({ queryKey: videoDetailKey(jobId) });
    },
  });
}

export type SegmentRevision = Schemas["SegmentRevision"];
export type EditedSegment = Schemas["EditedSegment"];

const segmentParams = (jobId: string, segmentId: string) => ({ path: { job_id: jobId, segment_id: segmentId } });

export const segmentRevisionQueries = {
  list: (jobId: string, segmentId: string) =>
    queryOptions({
      queryKey: [...segmentQueries.all(jobId), "revisions", segmentId],
      queryFn: ({ signal }) => unwrap(api.GET("/videos/{job_id}/segments/{segment_id}/revisions", { params: segmentParams(jobId, segmentId), signal })),
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
    unwrap(api.PATCH("/videos/{job_id}/segments/{segment_id}", { params: segmentParams(jobId, vars.segmentId), body: { content: vars.content, metadata: vars.metadata } })),
  );
}

export function useRestoreRevision(jobId: string) {
  return useSegmentChange(jobId, (vars: { segmentId: string; revision: number }) =>
    unwrap(api.POST("/videos/{job_id}/segments/{segment_id}/revisions/{revision}/restore", { params: { path: { job_id: jobId, segment_id: vars.segmentId, revision: String(vars.revision) } } })),
  );
}
