// Clips: the list (polled while one is being cut), making one (from ranges or search hits) and
// deleting one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "@/lib/browser/api-client";
import type { paths } from "@/lib/client/api-types";

export type Clip = Schemas["Clip"];
export type CreateClipRequest = NonNullable<paths["/clips"]["post"]["requestBody"]>["content"]["application/json"];

const POLL_MS = 1_500;
const isActive = (c: Clip) => c.status === "queued" || c.status === "processing";

export const clipQueries = {
  all: () => ["clips"] as const,
  list: () =>
    queryOptions({
      queryKey: [...clipQueries.all(), "list"],
      queryFn: ({ signal }) => unwrap(api.GET("/clips", { signal })),
      refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
    }),
};

export function useClips() {
  return useQuery(clipQueries.list());
}

export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClipRequest) => unwrap(api.POST("/clips", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipQueries.all() }),
  });
}

export function useDeleteClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clipId: string) => unwrap(api.DELETE("/clips/{clip_id}", { params: { path: { clip_id: clipId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipQueries.all() }),
  });
}
