// Webhook endpoints and their delivery logs. A log refreshes itself while any delivery is still
// pending, so a test event or a finished video shows up without a reload.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/browser/api-client";
import type { OkResponse, Webhook, WebhookDelivery } from "@/lib/browser/types";

export const webhookQueries = {
  all: () => ["webhooks"] as const,
  list: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), "list"],
      queryFn: ({ signal }) => apiClient.get<Webhook[]>("/webhooks", { signal }),
    }),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), "deliveries", id],
      queryFn: ({ signal }) => apiClient.get<WebhookDelivery[]>(`/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }),
      refetchInterval: (q) => (q.state.data?.some((d) => d.status === "pending") ? 1_000 : 5_000),
    }),
};

export function useWebhooks() {
  return useQuery(webhookQueries.list());
}

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookQueries.deliveries(id));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookQueries.all() });
}

export interface NewWebhook {
  url: string;
  events: string[];
  description: string;
}

/** The answer holds the signing secret: the only time it can be shown. */
export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: NewWebhook) => apiClient.post<Webhook>("/webhooks", body),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; enabled?: boolean; url?: string; events?: string[]; description?: string }) =>
      apiClient.patch<Webhook>(`/webhooks/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<OkResponse>(`/webhooks/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<WebhookDelivery>(`/webhooks/${encodeURIComponent(id)}/test`),
    onSuccess: invalidate,
  });
}
