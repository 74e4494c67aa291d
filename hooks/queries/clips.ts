// Clips: the list (polled while one is being cut), making one (from ranges or search hits) and
// deleting one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/browser/api-client";
import type { clipQueuedResponse, clipResponse, createClipBody } from "@/lib/schemas/clips";

export type Clip = z.output<typeof clipResponse>;
export type CreateClipRequest = z.input<typeof createClipBody>;

const POLL_MS = 1_500;
const isActive = (c: Clip) => c.status === "queued" || c.status === "processing";

export const clipQueries = {
  all: () => ["clips"] as const,
  list: () =>
    queryOptions({
      queryKey: [...clipQueries.all(), "list"],
      queryFn: ({ signal }) => apiClient.get<Clip[]>("/clips", { signal }),
      refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
    }),
};

export function useClips() {
  return useQuery(clipQueries.list());
}

export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClipRequest) => apiClient.post<z.output<typeof clipQueuedResponse>>("/clips", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipQueries.all() }),
  });
}

export function useDeleteClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clipId: string) => apiClient.delete(`/clips/${encodeURIComponent(clipId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipQueries.all() }),
  });
}
