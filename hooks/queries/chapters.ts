// A video's chapters (GET /videos/{job_id}/chapters) and editing one's title or summary.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/browser/api-client";
import type { chapterResponse } from "@/lib/schemas/chapters";

export type Chapter = z.output<typeof chapterResponse>;

export const chapterQueries = {
  all: (jobId: string) => ["chapters", jobId] as const,
  list: (jobId: string) =>
    queryOptions({
      queryKey: [...chapterQueries.all(jobId), "list"],
      queryFn: ({ signal }) => apiClient.get<Chapter[]>(`/videos/${encodeURIComponent(jobId)}/chapters`, { signal }),
    }),
};

export function useChapters(jobId: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...chapterQueries.list(jobId), enabled: opts.enabled ?? true });
}

export function useEditChapter(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { index: number; title?: string; summary?: string | null }) =>
      apiClient.patch<Chapter>(`/videos/${encodeURIComponent(jobId)}/chapters/${vars.index}`, { title: vars.title, summary: vars.summary }),
    onSuccess: (chapter) => {
      queryClient.setQueryData<Chapter[]>(chapterQueries.list(jobId).queryKey, (list) => list?.map((c) => (c.index === chapter.index ? chapter : c)));
      void queryClient.invalidateQueries({ queryKey: chapterQueries.all(jobId) });
    },
  });
}
