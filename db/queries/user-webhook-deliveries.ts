// Webhook messages about something of a user that is not a video run (a clip): one delivery row
// per enabled endpoint of that user that wants the event type.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { webhookDeliveries, webhookEndpoints } from "../schema";

export async function enqueueUserDeliveries(db: Db, params: { userId: string; eventType: string; payload: string }): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, params.userId), eq(webhookEndpoints.enabled, 1)));
  const wanted = endpoints.filter((e) => !e.events.length || e.events.includes(params.eventType));
  if (!wanted.length) return 0;
  const now = new Date();
  await db.insert(webhookDeliveries).values(
    wanted.map((e) => ({
      endpointId: e.id,
      userId: params.userId,
      eventType: params.eventType,
      eventId: null,
      payload: params.payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return wanted.length;
}
