// Videos: the list (filters by status and project), one video, and the changes people make to
// them. While any shown video is queued or processing, its query polls so badges move on their own.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/browser/api-client";
import type { queuedResponse, videoResponse } from "@/lib/schemas/videos";
import { dashboardQueries } from "./dashboard";

export type Video = z.output<typeof videoResponse>;
export type VideoStatus = Video["status"];
export type QueuedResponse = z.output<typeof queuedResponse>;

export { VIDEO_STATUSES } from "@/lib/core/video-statuses";

export function isActiveStatus(status: VideoStatus | undefined): boolean {
  return status === "queued" || status === "processing";
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
      queryFn: ({ signal }) => {
        const q = new URLSearchParams();
        if (filters.status) q.set("status", filters.status);
        if (filters.projectId) q.set("project_id", filters.projectId);
        const qs = q.toString();
        return apiClient.get<Video[]>(`/videos${qs ? `?${qs}` : ""}`, { signal });
      },
      refetchInterval: (query) => (query.state.data?.some((v) => isActiveStatus(v.status)) ? POLL_MS : false),
    }),
  detail: (jobId: string) =>
    queryOptions({
      queryKey: [...videoQueries.all(), "detail", jobId],
      queryFn: ({ signal }) => apiClient.get<Video>(`/videos/${encodeURIComponent(jobId)}`, { signal }),
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
      apiClient.patch<Video>(`/videos/${encodeURIComponent(jobId)}`, patch),
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
    mutationFn: (jobId: string) => apiClient.delete<{ ok: true }>(`/videos/${encodeURIComponent(jobId)}`),
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
    mutationFn: ({ jobId, modules }: { jobId: string; modules: string[] }) =>
      apiClient.post<QueuedResponse>(`/videos/${encodeURIComponent(jobId)}/reprocess`, { modules }),
    onSuccess: (_data, { jobId }) => {
      // The old segments are gone; the page shows live progress until the new ones arrive.
      queryClient.invalidateQueries({ queryKey: ["segments", jobId] });
      return invalidate();
    },
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
