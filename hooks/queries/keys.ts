// API keys: list, create, activate/deactivate, delete. Every change refreshes the list and the
// dashboard (which embeds the keys).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/browser/api-client";
import { dashboardQueries } from "./dashboard";

export const keyQueries = {
  all: () => ["keys"] as const,
  list: () =>
    queryOptions({
      queryKey: [...keyQueries.all(), "list"],
      queryFn: ({ signal }) => unwrap(api.GET("/keys", { signal })),
    }),
};

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keyQueries.all() }),
      queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
    ]);
}

export function useKeys() {
  return useQuery(keyQueries.list());
}

/** The answer holds the full key: the only time it can be shown. */
export function useCreateKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST("/keys", { body: { name } })),
    onSuccess: invalidate,
  });
}

export function useSetKeyActive() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      unwrap(api.PATCH("/keys/{key_id}", { params: { path: { key_id: id } }, body: { is_active: isActive } })),
    onSuccess: invalidate,
  });
}

export function useDeleteKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/keys/{key_id}", { params: { path: { key_id: id } } })),
    onSuccess: invalidate,
  });
}
