// Stored first responses of POSTs sent with an Idempotency-Key, per user (lib/api/idempotency.ts).
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { idempotencyKeys } from "../schema";

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

export interface IdempotencyClaim {
  /** True: this request holds the key now and runs. */
  claimed: boolean;
  /** Otherwise the row as it stood (null when a concurrent first request is not visible yet). */
  existing: Pick<IdempotencyRecord, "requestHash" | "responseStatus" | "responseBody"> | null;
}

/**
 * Takes the key for this request when it is new, expired (`expiredBefore`) or abandoned (still
 * without a response since `abandonedBefore`); else reads what is stored — one round trip either
 * way. Exactly one of concurrent claimers wins.
 */
export async function claimIdempotencyKey(
  db: Db,
  params: { userId: string; key: string; requestHash: string; expiredBefore: Date; abandonedBefore: Date },
): Promise<IdempotencyClaim> {
  const now = new Date().toISOString();
  const t = idempotencyKeys;
  const result = await db.execute(sql`
    WITH claimed AS (
      INSERT INTO ${t} (user_id, key, request_hash, created_at)
      VALUES (${params.userId}, ${params.key}, ${params.requestHash}, ${now}::timestamp)
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = excluded.request_hash, response_status = NULL, response_body = NULL, created_at = excluded.created_at
        WHERE ${t}.created_at < ${params.expiredBefore.toISOString()}::timestamp
           OR (${t}.response_status IS NULL AND ${t}.created_at < ${params.abandonedBefore.toISOString()}::timestamp)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM claimed)::int AS claimed, k.request_hash, k.response_status, k.response_body
    FROM (SELECT 1) AS one LEFT JOIN ${t} k ON k.user_id = ${params.userId} AND k.key = ${params.key}`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Record<string, unknown>[];
  const row = rows[0] ?? {};
  if (Number(row.claimed) > 0) return { claimed: true, existing: null };
  if (row.request_hash == null) return { claimed: false, existing: null };
  return {
    claimed: false,
    existing: {
      requestHash: String(row.request_hash),
      responseStatus: row.response_status == null ? null : Number(row.response_status),
      responseBody: row.response_body == null ? null : String(row.response_body),
    },
  };
}

export async function storeIdempotentResponse(
  db: Db,
  params: { userId: string; key: string; status: number; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: params.status, responseBody: params.body })
    .where(and(eq(idempotencyKeys.userId, params.userId), eq(idempotencyKeys.key, params.key)));
}

export async function releaseIdempotencyKey(db: Db, params: { userId: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, params.userId), eq(idempotencyKeys.key, params.key), isNull(idempotencyKeys.responseStatus)));
}

export async function deleteExpiredIdempotencyKeys(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

