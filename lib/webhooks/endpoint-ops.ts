// Registering, changing and testing webhook endpoints (the URL is checked against SSRF each time).
import type { Db } from "@/db/client";
import { deleteEndpoint, getEndpoint, insertDelivery, insertEndpoint, updateEndpoint } from "@/db/queries/webhooks";
import type { WebhookDelivery, WebhookEndpoint } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { wakeWebhookDispatchers } from "./wake";
import { messageBody } from "./enqueue";
import { generateSecret } from "./signing";
import { assertWebhookUrl } from "./url-guard";

const unique = (events: string[] | undefined) => [...new Set(events ?? [])];

export async function createWebhook(
  db: Db,
  params: { userId: string; url: string; events?: string[]; description?: string },
): Promise<WebhookEndpoint> {
  const url = await assertWebhookUrl(params.url);
  return insertEndpoint(db, {
    userId: params.userId,
    url,
    secret: generateSecret(),
    events: unique(params.events),
    description: params.description ?? "",
  });
}

export async function requireWebhook(db: Db, params: { userId: string; endpointId: string }): Promise<WebhookEndpoint> {
  const row = await getEndpoint(db, params);
  if (!row) throw notFound("Webhook");
  return row;
}

export async function changeWebhook(
  db: Db,
  params: { userId: string; endpointId: string; url?: string; events?: string[]; enabled?: boolean; description?: string },
): Promise<WebhookEndpoint> {
  await requireWebhook(db, params);
  const row = await updateEndpoint(db, {
    userId: params.userId,
    endpointId: params.endpointId,
    set: {
      ...(params.url !== undefined ? { url: await assertWebhookUrl(params.url) } : {}),
      ...(params.events !== undefined ? { events: unique(params.events) } : {}),
      ...(params.enabled !== undefined ? { enabled: params.enabled ? 1 : 0 } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
    },
  });
  if (!row) throw notFound("Webhook");
  return row;
}

export async function removeWebhook(db: Db, params: { userId: string; endpointId: string }): Promise<void> {
  if (!(await deleteEndpoint(db, params))) throw notFound("Webhook");
}

/** Queues a `webhook.test` message to one endpoint (enabled or not: the user asked for it). */
export async function sendTestEvent(db: Db, params: { userId: string; endpointId: string }): Promise<WebhookDelivery> {
  const endpoint = await requireWebhook(db, params);
  const now = new Date();
  const row = await insertDelivery(db, {
    endpointId: endpoint.id,
    userId: params.userId,
    eventType: "webhook.test",
    payload: messageBody("webhook.test", now, {
      webhook_id: endpoint.id,
      message: "A test event sent from the webhooks page or POST /api/webhooks/{id}/test",
    }),
    nextAttemptAt: now,
    createdAt: now,
  });
  wakeWebhookDispatchers();
  return row;
}
