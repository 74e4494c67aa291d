// Webhooks: request bodies, responses, payloads and the endpoints' contracts.
import { z } from "zod";
import type { WebhookDelivery, WebhookEndpoint } from "@/db/schema";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { WEBHOOK_EVENT_TYPES } from "@/lib/core/webhook-event-types";
import { okResponse, timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";

const urlField = z.string().trim().min(1).max(2048).describe("http(s) URL; loopback, private and link-local targets are refused");
const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe("Event types to send; empty or omitted: all");
const descriptionField = z.string().max(500);

export const createWebhookBody = z.object({
  url: urlField,
  events: eventsField.optional(),
  description: descriptionField.optional(),
});

export const updateWebhookBody = z
  .object({ url: urlField, events: eventsField, enabled: z.boolean(), description: descriptionField })
  .partial();

export const webhookIdParams = z.object({ webhook_id: pathId("Webhook") });
export const deliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).optional(),
});

export const webhookResponse = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    description: z.string(),
    secret: z.string().optional().describe("`whsec_…`: in the create response only"),
    created_at: timestamp,
  })
  .meta({ id: "Webhook" });

export const webhookAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliveryResponse = z
  .object({
    id: z.string().describe("Also the `webhook-id` header, the same on every attempt"),
    event_type: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    response_status: z.number().int().nullable().describe("Of the last attempt"),
    duration_ms: z.number().int().nullable().describe("Of the last attempt"),
    error: z.string().nullable(),
    next_attempt_at: timestamp.nullable().describe("When still pending"),
    delivered_at: timestamp.nullable(),
    created_at: timestamp,
    attempt_log: z.array(webhookAttempt),
    payload: z.unknown().describe("The JSON body sent"),
  })
  .meta({ id: "WebhookDelivery" });

/** What an endpoint receives (Standard Webhooks): POST with webhook-id, -timestamp, -signature. */
export const webhookPayload = z
  .object({
    type: z.enum(WEBHOOK_EVENT_TYPES),
    timestamp: z.string().describe("ISO 8601 UTC"),
    data: z.record(z.string(), z.unknown()).describe(
      "Stream events: the SSE event's JSON (type, job_id, module …). video.completed / video.failed: job_id, name, status, error?, segment_counts {module: n}, total_segments, links {app, status, results, video}",
    ),
  })
  .meta({ id: "WebhookPayload" });

export function toWebhookResponse(row: WebhookEndpoint, withSecret = false): z.infer<typeof webhookResponse> {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled === 1,
    description: row.description,
    ...(withSecret ? { secret: row.secret } : {}),
    created_at: isoTime(row.createdAt),
  };
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toDeliveryResponse(row: WebhookDelivery): z.infer<typeof webhookDeliveryResponse> {
  return {
    id: row.id,
    event_type: row.eventType,
    status: row.status as "pending" | "delivered" | "failed",
    attempts: row.attempts,
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    error: row.error,
    next_attempt_at: row.status === "pending" ? isoTime(row.nextAttemptAt) : null,
    delivered_at: isoTime(row.deliveredAt),
    created_at: isoTime(row.createdAt),
    attempt_log: row.attemptLog,
    payload: parsePayload(row.payload),
  };
}

const tag = "Webhooks";
export const webhooksApi = {
  list: defineEndpoint({
    method: "GET",
    path: "/webhooks",
    tag,
    summary: "List your webhook endpoints (no secrets)",
    auth: "required",
    response: z.array(webhookResponse),
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/webhooks",
    tag,
    summary: "Register an endpoint; the signing secret is shown only in this response",
    auth: "required",
    body: createWebhookBody,
    response: webhookResponse,
    status: 201,
    idempotent: true,
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/webhooks/{webhook_id}",
    tag,
    summary: "One endpoint (no secret)",
    auth: "required",
    params: webhookIdParams,
    response: webhookResponse,
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/webhooks/{webhook_id}",
    tag,
    summary: "Change url, events, enabled or description",
    auth: "required",
    params: webhookIdParams,
    body: updateWebhookBody,
    response: webhookResponse,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/webhooks/{webhook_id}",
    tag,
    summary: "Delete an endpoint and its delivery log (pending deliveries are dropped)",
    auth: "required",
    params: webhookIdParams,
    response: okResponse,
  }),
  deliveries: defineEndpoint({
    method: "GET",
    path: "/webhooks/{webhook_id}/deliveries",
    tag,
    summary: "The endpoint's delivery log, newest first",
    auth: "required",
    params: webhookIdParams,
    query: deliveriesQuery,
    response: z.array(webhookDeliveryResponse),
  }),
  test: defineEndpoint({
    method: "POST",
    path: "/webhooks/{webhook_id}/test",
    tag,
    summary: "Queue a `webhook.test` event to the endpoint (sent at once, retried like any other)",
    auth: "required",
    params: webhookIdParams,
    response: webhookDeliveryResponse,
    status: 202,
  }),
};
