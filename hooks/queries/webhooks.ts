// Webhook endpoints and their delivery logs. A log refreshes itself while any delivery is still
// pending, so a test event or a finished video shows up without a reload.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/browser/api-client";
import type { paths } from "@/lib/client/api-types";

export type WebhookEvent = NonNullable<paths["/webhooks"]["post"]["requestBody"]["content"]["application/json"]["events"]>[number];

export const webhookQueries = {
  all: () => ["webhooks"] as const,
  list: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), "list"],
      queryFn: ({ signal }) => unwrap(api.GET("/webhooks", { signal })),
    }),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), "deliveries", id],
      queryFn: ({ signal }) => unwrap(api.GET("/webhooks/{webhook_id}/deliveries", { params: { path: { webhook_id: id } }, signal })),
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
  events: WebhookEvent[];
  description: string;
}

/** The answer holds the signing secret: the only time it can be shown. */
export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: NewWebhook) => unwrap(api.POST("/webhooks", { body })),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; enabled?: boolean; url?: string; events?: WebhookEvent[]; description?: string }) =>
      unwrap(api.PATCH("/webhooks/{webhook_id}", { params: { path: { webhook_id: id } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE("/webhooks/{webhook_id}", { params: { path: { webhook_id: id } } })),
    onSuccess: invalidate,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST("/webhooks/{webhook_id}/test", { params: { path: { webhook_id: id } } })),
    onSuccess: invalidate,
  });
}
