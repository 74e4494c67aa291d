// Webhook endpoints and their deliveries. Deliveries are the persisted retry queue: written when a
// run event is emitted, claimed by any app process with FOR UPDATE SKIP LOCKED plus a short lock
// lease, so each attempt is made by one process and a process that dies mid-way is taken over.
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { segments, videos, webhookDeliveries, webhookEndpoints, type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint } from "../schema";

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpoint> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function getEndpoint(db: Db, params: { userId: string; endpointId: string }): Promise<WebhookEndpoint | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.userId, params.userId)))
    .limit(1);
  return row ?? null;
}

export async function updateEndpoint(
  db: Db,
  params: { userId: string; endpointId: string; set: Partial<Pick<WebhookEndpoint, "url" | "events" | "enabled" | "description">> },
): Promise<WebhookEndpoint | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...params.set, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.userId, params.userId)))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: Db, params: { userId: string; endpointId: string }): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.userId, params.userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The owner of a video (whose endpoints hear about its events). */
export async function videoForEvents(db: Db, jobId: string) {
  const [row] = await db
    .select({ userId: videos.userId, name: videos.name, status: videos.status, error: videos.error })
    .from(videos)
    .where(eq(videos.jobId, jobId))
    .limit(1);
  return row ?? null;
}

export async function countSegmentsByModule(db: Db, params: { userId: string; jobId: string }): Promise<Record<string, number>> {
  const rows = await db
    .select({ module: segments.module, n: sql<number>`count(*)` })
    .from(segments)
    .where(and(eq(segments.jobId, params.jobId), eq(segments.userId, params.userId)))
    .groupBy(segments.module);
  return Object.fromEntries(rows.map((r) => [r.module, Number(r.n)]));
}

/**
 * One delivery per enabled endpoint of the video's owner that wants `eventType` (an empty list wants all).
 * A run event is enqueued at most once per endpoint (unique on endpoint, event id and type).
 */
export async function enqueueDeliveries(
  db: Db,
  params: { jobId: string; eventType: string; eventId: number | null; payload: string },
): Promise<number> {
  const now = new Date().toISOString(); // UTC, like every time the app writes
  const rows = await db.execute(sql`
    INSERT INTO ${webhookDeliveries} (endpoint_id, user_id, event_type, event_id, payload, next_attempt_at, created_at)
    SELECT e.id, e.user_id, ${params.eventType}::text, ${params.eventId}::bigint, ${params.payload}::text,
      ${now}::timestamp, ${now}::timestamp
    FROM ${webhookEndpoints} e JOIN ${videos} v ON v.user_id = e.user_id
    WHERE v.job_id = ${params.jobId} AND e.enabled = 1
      AND (jsonb_array_length(e.events) = 0 OR e.events @> jsonb_build_array(${params.eventType}::text))
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf(rows).length;
}

export async function insertDelivery(db: Db, values: typeof webhookDeliveries.$inferInsert): Promise<WebhookDelivery> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function listDeliveries(
  db: Db,
  params: { userId: string; endpointId: string; limit: number },
): Promise<WebhookDelivery[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, params.endpointId), eq(webhookDeliveries.userId, params.userId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(params.limit);
}

export interface DueDelivery {
  id: string;
  url: string;
  secret: string;
  payload: string;
  attempts: number;
  eventType: string;
}

/**
 * Claims up to `limit` due deliveries for `lockMs` (skipping rows another process holds). A paused
 * endpoint's deliveries wait (its test events still go).
 */
export async function claimDueDeliveries(db: Db, params: { limit: number; lockMs: number }): Promise<DueDelivery[]> {
  const now = new Date().toISOString();
  const until = new Date(Date.now() + params.lockMs).toISOString();
  const result = await db.execute(sql`
    WITH due AS (
      SELECT d.id FROM ${webhookDeliveries} d JOIN ${webhookEndpoints} e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamp
        AND (d.locked_until IS NULL OR d.locked_until < ${now}::timestamp)
        AND (e.enabled = 1 OR d.event_type = 'webhook.test')
      ORDER BY d.next_attempt_at
      LIMIT ${params.limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE ${webhookDeliveries} d
    SET locked_until = ${until}::timestamp
    FROM due, ${webhookEndpoints} e
    WHERE d.id = due.id AND e.id = d.endpoint_id
    RETURNING d.id, e.url, e.secret, d.payload, d.attempts, d.event_type`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    url: String(r.url),
    secret: String(r.secret),
    payload: String(r.payload),
    attempts: Number(r.attempts),
    eventType: String(r.event_type),
  }));
}

/** Records one attempt: delivered, retried at `nextAttemptAt`, or given up (`nextAttemptAt` null). */
export async function recordAttempt(
  db: Db,
  params: { deliveryId: string; attempt: WebhookAttempt; delivered: boolean; nextAttemptAt: Date | null },
): Promise<void> {
  const { attempt } = params;
  const status = params.delivered ? "delivered" : params.nextAttemptAt ? "pending" : "failed";
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: attempt.attempt,
      lastAttemptAt: new Date(attempt.at),
      responseStatus: attempt.response_status,
      durationMs: attempt.duration_ms,
      error: attempt.error,
      lockedUntil: null,
      ...(params.nextAttemptAt ? { nextAttemptAt: params.nextAttemptAt } : {}),
      ...(params.delivered ? { deliveredAt: new Date(attempt.at) } : {}),
      attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([attempt])}::jsonb`,
    })
    .where(eq(webhookDeliveries.id, params.deliveryId));
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  // postgres-js answers an array of rows; PGlite an object with `rows`.
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Record<string, unknown>[];
}

/** Drops finished deliveries created before `before` (the log keeps what is recent). */
export async function deleteFinishedDeliveries(db: Db, before: Date): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ["delivered", "failed"]), lt(webhookDeliveries.createdAt, before)));
}
