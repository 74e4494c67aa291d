// The in-process read cache (db/read-cache.ts): cached reads are served without the database,
// every write drizzle runs on a table drops that table's cached reads, and a read that raced a
// write never stores what it read. Against the database: the keys list reflects each write at once.
import { describe, expect, it } from "vitest";
import { apiKeys, users } from "@/db/schema";
import { ReadCache } from "@/db/read-cache";
import { deleteApiKey, insertApiKey, listApiKeys, setApiKeyActive, touchApiKey } from "@/db/queries/api-keys";
import { createUser } from "@/db/queries/users";
import { useTestDb } from "../helpers/db";

describe("ReadCache", () => {
  const result = (n: number) => ({ rows: [[n]] });

  it("serves a stored read until a write touches one of its tables", async () => {
    const cache = new ReadCache();
    expect(await cache.get("k", ["api_keys"])).toBeUndefined();
    await cache.put("k", result(1), [], true);
    expect(await cache.get("k", ["api_keys"])).toEqual(result(1));
    await cache.onMutate({ tables: [users] });
    expect(await cache.get("k", ["api_keys"])).toEqual(result(1));
    await cache.onMutate({ tables: [apiKeys] });
    expect(await cache.get("k", ["api_keys"])).toBeUndefined();
  });

  it("does not store a read that a write overtook", async () => {
    const cache = new ReadCache();
    expect(await cache.get("k", ["api_keys"])).toBeUndefined(); // the read misses and goes to the database…
    await cache.onMutate({ tables: "api_keys" }); // …a write lands meanwhile…
    await cache.put("k", result(1), [], true); // …and the (possibly stale) result arrives
    expect(await cache.get("k", ["api_keys"])).toBeUndefined();
    await cache.put("k", result(2), [], true);
    expect(await cache.get("k", ["api_keys"])).toEqual(result(2));
  });

  it("concurrent misses of one key: the earliest decides", async () => {
    const cache = new ReadCache();
    await cache.get("k", ["api_keys"]);
    await cache.onMutate({ tables: "api_keys" });
    await cache.get("k", ["api_keys"]); // a second reader after the write
    await cache.put("k", result(1), [], true); // the first reader's stale result
    expect(await cache.get("k", ["api_keys"])).toBeUndefined();
  });

  it("expires entries after their TTL", async () => {
    const cache = new ReadCache();
    await cache.get("k", ["api_keys"]);
    await cache.put("k", result(1), [], true, { px: 1 });
    await new Promise((r) => setTimeout(r, 10));
    expect(await cache.get("k", ["api_keys"])).toBeUndefined();
  });
});

describe("listApiKeys reflects every write at once", () => {
  const { handle } = useTestDb();

  it("create, touch, deactivate, delete", async () => {
    const db = handle().db;
    const { user } = await createUser(db, { email: "cache@example.com", fullName: "Cache" });
    expect(await listApiKeys(db, user.id)).toEqual([]);
    expect(await listApiKeys(db, user.id)).toEqual([]);
    const a = await insertApiKey(db, { userId: user.id, name: "a", keyHash: "a".repeat(64), keyPrefix: "svc_live_aaaaaaaa…" });
    expect((await listApiKeys(db, user.id)).map((k) => k.id)).toEqual([a.id]);
    await touchApiKey(db, a.id);
    expect((await listApiKeys(db, user.id))[0]!.lastUsedAt).toBeInstanceOf(Date);
    await setApiKeyActive(db, { userId: user.id, keyId: a.id, isActive: false });
    expect((await listApiKeys(db, user.id))[0]!.isActive).toBe(0);
    await deleteApiKey(db, { userId: user.id, keyId: a.id });
    expect(await listApiKeys(db, user.id)).toEqual([]);
  });

  it("a list read racing a write never serves the old list afterwards", async () => {
    const db = handle().db;
    const { user } = await createUser(db, { email: "race@example.com", fullName: "Race" });
    const [before] = await Promise.all([
      listApiKeys(db, user.id),
      insertApiKey(db, { userId: user.id, name: "b", keyHash: "b".repeat(64), keyPrefix: "svc_live_bbbbbbbb…" }),
    ]);
    expect(before.length).toBeLessThanOrEqual(1);
    expect((await listApiKeys(db, user.id)).map((k) => k.name)).toEqual(["b"]);
  });
});
