// Stored first responses of POSTs sent with an Idempotency-Key, per user (lib/api/idempotency.ts).
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../client";
import { idempotencyKeys } from "../schema";

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/**
 * Takes the key for this request: true when it is new, expired (`expiredBefore`) or abandoned
 * (still without a response since `abandonedBefore`). Exactly one of concurrent claimers wins.
 */
export async function claimIdempotencyKey(
  db: Db,
  params: { userId: string; key: string; requestHash: string; expiredBefore: Date; abandonedBefore: Date },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId: params.userId, key: params.key, requestHash: params.requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash: params.requestHash, responseStatus: null, responseBody: null, createdAt: now },
      setWhere: or(
        lt(idempotencyKeys.createdAt, params.expiredBefore),
        and(isNull(idempotencyKeys.responseStatus), lt(idempotencyKeys.createdAt, params.abandonedBefore)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function getIdempotencyRecord(db: Db, params: { userId: string; key: string }): Promise<IdempotencyRecord | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, params.userId), eq(idempotencyKeys.key, params.key)))
    .limit(1);
  return row ?? null;
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

