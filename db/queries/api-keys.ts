// API keys: stored as SHA-256 hashes; every read and write is scoped to the owner.
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { apiKeys } from "../schema";

export async function insertApiKey(
  db: Db,
  params: { userId: string; name: string; keyHash: string; keyPrefix: string },
) {
  const [row] = await db.insert(apiKeys).values(params).returning();
  return row!;
}

const listKeysQuery = preparedPerDb((db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, sql.placeholder("userId")))
    .orderBy(desc(apiKeys.createdAt))
    .$withCache()
    .prepare("list_api_keys"),
);

/** The owner's keys, newest first (prepared; cached in process where that is exact: db/read-cache.ts). */
export async function listApiKeys(db: Db, userId: string) {
  return listKeysQuery(db).execute({ userId });
}

export async function setApiKeyActive(db: Db, params: { userId: string; keyId: string; isActive: boolean }) {
  const [row] = await db
    .update(apiKeys)
    .set({ isActive: params.isActive ? 1 : 0 })
    .where(and(eq(apiKeys.id, params.keyId), eq(apiKeys.userId, params.userId)))
    .returning();
  return row ?? null;
}

export async function deleteApiKey(db: Db, params: { userId: string; keyId: string }) {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, params.keyId), eq(apiKeys.userId, params.userId)))
    .returning({ id: apiKeys.id, keyHash: apiKeys.keyHash });
  return rows[0] ?? null;
}

/** The active key with this hash, for authentication. */
export async function findActiveKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), eq(apiKeys.isActive, 1)))
    .limit(1);
  return row ?? null;
}

/** Records a use, at most once a minute per key (the WHERE makes concurrent writers cheap). */
export async function touchApiKey(db: Db, keyId: string, now = new Date()) {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}
