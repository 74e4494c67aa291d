// Notifications: the unread count (polled, for the bell), the list, and marking them read.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "@/lib/browser/api-client";

export type Notification = Schemas["Notification"];

export const notificationQueries = {
  all: () => ["notifications"] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "unread-count"],
      queryFn: ({ signal }) => unwrap(api.GET("/notifications/unread-count", { signal })),
      refetchInterval: 30_000,
      staleTime: 5_000,
    }),
  list: (limit = 20) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "list", limit],
      queryFn: ({ signal }) => unwrap(api.GET("/notifications", { params: { query: { limit } }, signal })),
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
    mutationFn: (id: string) => unwrap(api.PATCH("/notifications/{notification_id}/read", { params: { path: { notification_id: id } } })),
    onSuccess: invalidate,
  });
}

export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/notifications/read-all")),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/notifications/{notification_id}", { params: { path: { notification_id: id } } })),
    onSuccess: invalidate,
  });
}
