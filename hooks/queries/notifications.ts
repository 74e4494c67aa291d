// Notifications: the unread count (polled, for the bell), the list, and marking them read.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/browser/api-client";
import type { notificationResponse } from "@/lib/schemas/notifications";

export type Notification = z.output<typeof notificationResponse>;

export const notificationQueries = {
  all: () => ["notifications"] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "unread-count"],
      queryFn: ({ signal }) => apiClient.get<{ count: number }>("/notifications/unread-count", { signal }),
      refetchInterval: 30_000,
      staleTime: 5_000,
    }),
  list: (limit = 20) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "list", limit],
      queryFn: ({ signal }) => apiClient.get<Notification[]>(`/notifications?limit=${limit}`, { signal }),
      staleTime: 5_000,
    }),
};

export function useUnreadNotificationCount() {
  return useQuery(notificationQueries.unreadCount());
}

export function useNotifications(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationQueries.list(), enabled: opts.enabled ?? true });
}

function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
}

export function useMarkNotificationRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => apiClient.patch<{ ok: true }>(`/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: invalidate,
  });
}

export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => apiClient.post<{ ok: true; updated: number }>("/notifications/read-all"),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<{ ok: true }>(`/notifications/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
