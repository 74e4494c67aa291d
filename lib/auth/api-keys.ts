// API key format, hashing and authentication. Keys are `svc_live_` + 64 lowercase hex and are
// stored only as SHA-256; a short in-process cache keeps authentication off the database for
// hot clients, and every change of a key in this process drops its entry at once.
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import {
  deleteApiKey as deleteKeyRow,
  findActiveKeyByHash,
  insertApiKey,
  setApiKeyActive as setKeyActiveRow,
  touchApiKey,
} from "@/db/queries/api-keys";
import type { ApiKey } from "@/db/schema";
import { notFound, unauthorized } from "@/lib/core/errors";
import { processSingleton } from "@/lib/core/process-singleton";

export const API_KEY_PATTERN = /^svc_live_[0-9a-f]{64}$/;
export const INVALID_KEY = "Invalid or inactive API key";
/** Other processes on the same database see a deactivation within this many milliseconds. */
const CACHE_TTL_MS = 5_000;

export function generateApiKey(): string {
  return `svc_live_${crypto.randomBytes(32).toString("hex")}`;
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

/** `svc_live_` + the first 8 hex characters + an ellipsis. */
export function keyPrefix(key: string): string {
  return `${key.slice(0, "svc_live_".length + 8)}…`;
}

type CacheEntry = { keyId: string; userId: string; expires: number; lastTouched: number };
const cache: Map<string, CacheEntry> = processSingleton<Map<string, CacheEntry>>("__vaKeyCache", () => new Map());

export function forgetCachedKey(keyHash: string): void {
  cache.delete(keyHash);
}

/** Resolves a presented key to its owner, or throws 401 `Invalid or inactive API key`. */
export async function authenticateApiKey(db: Db, presented: string): Promise<{ userId: string; keyId: string }> {
  if (!API_KEY_PATTERN.test(presented)) throw unauthorized(INVALID_KEY);
  const hash = hashApiKey(presented);
  const now = Date.now();
  let entry = cache.get(hash);
  if (!entry || entry.expires < now) {
    const row = await findActiveKeyByHash(db, hash);
    if (!row) {
      cache.delete(hash);
      throw unauthorized(INVALID_KEY);
    }
    entry = {
      keyId: row.id,
      userId: row.userId,
      expires: now + CACHE_TTL_MS,
      lastTouched: row.lastUsedAt?.getTime() ?? 0,
    };
    cache.set(hash, entry);
  }
  if (now - entry.lastTouched >= 60_000) {
    entry.lastTouched = now;
    await touchApiKey(db, entry.keyId, new Date(now));
  }
  return { userId: entry.userId, keyId: entry.keyId };
}

export interface CreatedKey {
  row: ApiKey;
  rawKey: string;
}

export async function createApiKey(db: Db, params: { userId: string; name: string }): Promise<CreatedKey> {
  const rawKey = generateApiKey();
  const row = await insertApiKey(db, {
    userId: params.userId,
    name: params.name,
    keyHash: hashApiKey(rawKey),
    keyPrefix: keyPrefix(rawKey),
  });
  return { row, rawKey };
}

export async function setApiKeyActive(db: Db, params: { userId: string; keyId: string; isActive: boolean }) {
  const row = await setKeyActiveRow(db, params);
  if (!row) throw notFound("API key");
  forgetCachedKey(row.keyHash);
  return row;
}

export async function deleteApiKey(db: Db, params: { userId: string; keyId: string }) {
  const row = await deleteKeyRow(db, params);
  if (!row) throw notFound("API key");
  forgetCachedKey(row.keyHash);
}
