// Videos: the list (filters by status and project), one video, and the changes people make to
// them. While any shown video is queued or processing, its query polls so badges move on their own.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "@/lib/browser/api-client";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { dashboardQueries } from "./dashboard";

export type Video = Schemas["Video"];
export type VideoStatus = Video["status"];

export { VIDEO_STATUSES } from "@/lib/core/video-statuses";

export function isActiveStatus(status: VideoStatus | undefined): boolean {
  return status === "importing" || status === "queued" || status === "processing";
}

export interface VideoFilters {
  status?: VideoStatus;
  projectId?: string;
}

const POLL_MS = 3000;

export const videoQueries = {
  all: () => ["videos"] as const,
  lists: () => [...videoQueries.all(), "list"] as const,
  list: (filters: VideoFilters = {}) =>
    queryOptions({
      queryKey: [...videoQueries.lists(), { status: filters.status ?? null, projectId: filters.projectId ?? null }],
      queryFn: ({ signal }) =>
        unwrap(api.GET("/videos", { params: { query: { status: filters.status, project_id: filters.projectId } }, signal })),
      refetchInterval: (query) => (query.state.data?.some((v) => isActiveStatus(v.status)) ? POLL_MS : false),
    }),
  detail: (jobId: string) =>
    queryOptions({
      queryKey: [...videoQueries.all(), "detail", jobId],
      queryFn: ({ signal }) => unwrap(api.GET("/videos/{job_id}", { params: { path: { job_id: jobId } }, signal })),
      refetchInterval: (query) => (isActiveStatus(query.state.data?.status) ? POLL_MS : false),
    }),
};

export function useVideos(filters: VideoFilters = {}) {
  return useQuery(videoQueries.list(filters));
}

export function useVideo(jobId: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...videoQueries.detail(jobId), enabled: (opts.enabled ?? true) && jobId !== "" });
}

/** Everything that shows videos: the lists, the details and the dashboard. */
export function useInvalidateVideos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: videoQueries.all() }),
      queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ["projects"] }),
    ]);
}

export interface VideoPatch {
  name?: string;
  description?: string;
  project_id?: string | null;
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: ({ jobId, patch }: { jobId: string; patch: VideoPatch }) =>
      unwrap(api.PATCH("/videos/{job_id}", { params: { path: { job_id: jobId } }, body: patch })),
    onSuccess: (video) => {
      queryClient.setQueryData(videoQueries.detail(video.job_id).queryKey, video);
      return invalidate();
    },
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: (jobId: string) => unwrap(api.DELETE("/videos/{job_id}", { params: { path: { job_id: jobId } } })),
    onSuccess: (_data, jobId) => {
      queryClient.removeQueries({ queryKey: videoQueries.detail(jobId).queryKey });
      queryClient.removeQueries({ queryKey: ["segments", jobId] });
      return invalidate();
    },
  });
}

export function useReprocessVideo() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: ({ jobId, modules }: { jobId: string; modules: ModuleName[] }) =>
      unwrap(api.POST("/videos/{job_id}/reprocess", { params: { path: { job_id: jobId } }, body: { modules } })),
    onSuccess: (_data, { jobId }) => {
      // The old segments are gone; the page shows live progress until the new ones arrive.
      queryClient.invalidateQueries({ queryKey: ["segments", jobId] });
      return invalidate();
    },
  });
}

/** POST /videos/import: the server fetches the URL, then analyses it like an upload (202 `importing`). */
export function useImportVideo() {
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: (body: { url: string; modules: ModuleName[]; project_id?: string }) => unwrap(api.POST("/videos/import", { body })),
    onSuccess: () => invalidate(),
  });
}

/** Adds modules to a video: only they run, the other modules' results stay (`keep_other_results`). */
export function useAddModules() {
  const invalidate = useInvalidateVideos();
  return useMutation({
    mutationFn: ({ jobId, modules }: { jobId: string; modules: ModuleName[] }) =>
      unwrap(api.POST("/videos/{job_id}/process", { params: { path: { job_id: jobId } }, body: { modules, keep_other_results: true } })),
    onSuccess: () => invalidate(),
  });
}

/** The JSON array text of `selected_insights`, as names. */
export function selectedModules(video: Pick<Video, "selected_insights">): string[] {
  try {
    const v = JSON.parse(video.selected_insights) as unknown;
    return Array.isArray(v) ? v.filter((m): m is string => typeof m === "string") : [];
  } catch {
    return [];
  }
}
