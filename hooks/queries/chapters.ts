// A video's chapters (GET /videos/{job_id}/chapters) and editing one's title or summary.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "@/lib/browser/api-client";

export type Chapter = Schemas["Chapter"];

export const chapterQueries = {
  all: (jobId: string) => ["chapters", jobId] as const,
  list: (jobId: string) =>
    queryOptions({
      queryKey: [...chapterQueries.all(jobId), "list"],
      queryFn: ({ signal }) => unwrap(api.GET("/videos/{job_id}/chapters", { params: { path: { job_id: jobId } }, signal })),
    }),
};

export function useChapters(jobId: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...chapterQueries.list(jobId), enabled: opts.enabled ?? true });
}

export function useEditChapter(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { index: number; title?: string; summary?: string | null }) =>
      unwrap(api.PATCH("/videos/{job_id}/chapters/{index}", { params: { path: { job_id: jobId, index: String(vars.index) } }, body: { title: vars.title, summary: vars.summary } })),
    onSuccess: (chapter) => {
      queryClient.setQueryData<Chapter[]>(chapterQueries.list(jobId).queryKey, (list) => list?.map((c) => (c.index === chapter.index ? chapter : c)));
      void queryClient.invalidateQueries({ queryKey: chapterQueries.all(jobId) });
    },
  });
}
