// Clips: the list (polled while one is being cut), one clip (polled the same way), making one
// (from ranges or search hits), deleting one, and sharing one (a link that works until revoked).
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
  detail: (clipId: string) =>
    queryOptions({
      queryKey: [...clipQueries.all(), "detail", clipId],
      queryFn: ({ signal }) => unwrap(api.GET("/clips/{clip_id}", { params: { path: { clip_id: clipId } }, signal })),
      refetchInterval: (query) => (!query.state.data || isActive(query.state.data) ? POLL_MS : false),
    }),
  shared: (hash: string) =>
    queryOptions({
      queryKey: ["shared-clip", hash],
      queryFn: ({ signal }) => unwrap(api.GET("/shared-clips/{share_hash}", { params: { path: { share_hash: hash } }, signal })),
      refetchInterval: (query) => (query.state.data && isActive(query.state.data as Clip) ? POLL_MS : false),
      retry: false,
    }),
};

/** One clip, polled until it is cut (or failed). */
export function useClip(clipId: string | undefined) {
  return useQuery({ ...clipQueries.detail(clipId ?? ""), enabled: !!clipId });
}

/** A clip someone shared (no sign-in). */
export function useSharedClip(hash: string) {
  return useQuery(clipQueries.shared(hash));
}

export function useShareClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clipId: string) => unwrap(api.POST("/clips/{clip_id}/share", { params: { path: { clip_id: clipId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipQueries.all() }),
  });
}

export function useRevokeClipShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clipId: string) => unwrap(api.DELETE("/clips/{clip_id}/share", { params: { path: { clip_id: clipId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipQueries.all() }),
  });
}

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
