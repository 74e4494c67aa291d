// Rate limiting: RATE_LIMIT_PER_MINUTE requests per minute per credential (an API key however it is
// spelled; a Clerk user), per client address only for requests without a valid credential (the
// socket address; X-Forwarded-For only with TRUST_PROXY), then 429 `Rate limit exceeded` with a
// Retry-After in seconds. On a Postgres server every process counts in the same rows.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { checkRateLimit, resetRateLimits } from "@/lib/api/rate-limit";
import { getDb, openPostgres } from "@/db/client";
import { countRateLimited } from "@/db/queries/rate-limits";
import { rateLimitCounters } from "@/db/schema";
import { authenticateApiKey, createApiKey } from "@/lib/auth/api-keys";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { makeUser, type TestUser } from "../helpers/users";

const testDb = useTestDb();

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await makeUser("alice-rl@example.com");
  bob = await makeUser("bob-rl@example.com");
});
beforeEach(async () => {
  vi.stubEnv("RATE_LIMIT_PER_MINUTE", "5");
  await resetRateLimits();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await resetRateLimits();
});
afterAll(() => resetRateLimits());

function expect429(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ detail: "Rate limit exceeded" });
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
}

describe("rate limit per credential", () => {
  it("the 6th request with one key is 429 with Retry-After; another key is not affected", async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await call("GET", "/keys", { auth: alice.api_key });
      expect(res.status, `request ${i}`).toBe(200);
    }
    expect429(await call("GET", "/keys", { auth: alice.api_key }));
    expect429(await call("POST", "/keys", { auth: alice.api_key, body: { name: "blocked" } }));

    for (let i = 1; i <= 5; i++) expect((await call("GET", "/keys", { auth: bob.api_key })).status).toBe(200);
    expect429(await call("GET", "/keys", { auth: bob.api_key }));
  });

  it("nothing happens once limited: a create over the limit creates no key", async () => {
    for (let i = 0; i < 5; i++) await call("GET", "/keys", { auth: alice.api_key });
    expect429(await call("POST", "/keys", { auth: alice.api_key, body: { name: "over-the-limit" } }));
    await resetRateLimits();
    const list = await call("GET", "/keys", { auth: alice.api_key });
    expect(list.body.map((k: any) => k.name)).not.toContain("over-the-limit");
  });

  it("counts failed requests too (a bad key cannot be hammered)", async () => {
    const bad = `svc_live_${"c".repeat(64)}`;
    for (let i = 0; i < 5; i++) expect((await call("GET", "/keys", { auth: bad })).status).toBe(401);
    expect429(await call("GET", "/keys", { auth: bad }));
  });

  it("one key spelled six ways is one principal: KEY, Bearer KEY, bearer KEY, BEARER KEY, padded", async () => {
    const k = alice.api_key;
    const spellings = [k, `Bearer ${k}`, `bearer ${k}`, `BEARER ${k}`, `  ${k}  `, `Bearer    ${k}`];
    const statuses: number[] = [];
    for (const auth of spellings) statuses.push((await call("GET", "/keys", { auth })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("many different invalid keys from one address are limited by the address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call("GET", "/keys", { auth: `svc_live_${String(i).padStart(64, "0")}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // A valid key from the same address still works: it has its own limit.
    expect((await call("GET", "/keys", { auth: bob.api_key })).status).toBe(200);
  });

  it("without TRUST_PROXY a forged X-Forwarded-For does not make a new client", async () => {
    const peer = (fwd: string) => ({ headers: { "x-va-peer": "198.51.100.4", "x-forwarded-for": fwd } });
    for (let i = 0; i < 5; i++) expect((await call("GET", "/health", peer(`203.0.113.${i}`))).status).toBe(200);
    expect429(await call("GET", "/health", peer("203.0.113.99")));
    // Another socket address is another client.
    expect((await call("GET", "/health", { headers: { "x-va-peer": "198.51.100.5" } })).status).toBe(200);
  });

  it("with TRUST_PROXY=1 the address our proxy appended is the client", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const from = (ip: string) => ({ headers: { "x-va-peer": "10.0.0.1", "x-forwarded-for": `forged-${ip}, ${ip}` } });
    for (let i = 0; i < 5; i++) expect((await call("GET", "/health", from("203.0.113.7"))).status).toBe(200);
    expect429(await call("GET", "/health", from("203.0.113.7")));
    expect((await call("GET", "/health", from("203.0.113.8"))).status).toBe(200);
  });

  it("the default is 600 per minute", async () => {
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "");
    for (let i = 0; i < 600; i++) await checkRateLimit("default-test", 1_000_000);
    await expect(checkRateLimit("default-test", 1_000_000)).rejects.toThrow("Rate limit exceeded");
  });
});

describe("keys behind one address (an office behind a NAT)", () => {
  const office = { "x-va-peer": "192.0.2.10" };

  it("many keys of one user from one address do not throttle each other; a fresh key gets its full allowance", async () => {
    for (let i = 0; i < 5; i++) expect((await call("GET", "/keys", { auth: alice.api_key, headers: office })).status).toBe(200);
    expect429(await call("GET", "/keys", { auth: alice.api_key, headers: office }));
    const fresh = await createApiKey(await getDb(), { userId: alice.user_id, name: "fresh" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("GET", "/keys", { auth: fresh.rawKey, headers: office })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Bob's key from the same address is untouched by both.
    expect((await call("GET", "/keys", { auth: bob.api_key, headers: office })).status).toBe(200);
  });

  it("requests without a credential do not use up the keys' allowance, nor keys the address's", async () => {
    const unknownShare = "/shared-reports/0123456789abcdef0123456789abcdef";
    // Open endpoints called with a valid key count against the key...
    for (let i = 0; i < 5; i++) expect((await call("GET", unknownShare, { auth: bob.api_key, headers: office })).status).toBe(404);
    // ...so the address still has its whole allowance for requests without one,
    for (let i = 0; i < 5; i++) expect((await call("GET", unknownShare, { headers: office })).status).toBe(404);
    expect429(await call("GET", unknownShare, { headers: office }));
    // and an exhausted address does not stop a valid key, on open endpoints or any other.
    expect((await call("GET", unknownShare, { auth: alice.api_key, headers: office })).status).toBe(404);
    expect((await call("GET", "/keys", { auth: alice.api_key, headers: office })).status).toBe(200);
    expect429(await call("GET", unknownShare, { auth: bob.api_key, headers: office }));
  });
});

describe("several processes on one database", () => {
  it("a Postgres server's counters are shared by every process; the embedded database counts in memory", async () => {
    const { kind, db } = testDb.handle();
    const rows = async () => (await db.select().from(rateLimitCounters)).length;
    for (let i = 0; i < 3; i++) expect((await call("GET", "/keys", { auth: alice.api_key })).status).toBe(200);
    if (kind === "pglite") {
      expect(await rows()).toBe(0);
      return;
    }
    // Another process: its own connections to the same database, and nothing of this one's memory.
    const other = await openPostgres(testDb.handle().url!, { max: 1 });
    try {
      const { keyId } = await authenticateApiKey(db, alice.api_key);
      const seen = await countRateLimited(other.db, { key: `k:${keyId}`, now: Date.now(), windowMs: 60_000 });
      expect(seen.count).toBe(4);
      await countRateLimited(other.db, { key: `k:${keyId}`, now: Date.now(), windowMs: 60_000 });
    } finally {
      await other.close();
    }
    // Three here and two there: the sixth request in all is over the limit of 5.
    expect429(await call("GET", "/keys", { auth: alice.api_key }));
    expect(await rows()).toBeGreaterThan(0);
  });
});

describe("the window", () => {
  it("opens again after a minute, and Retry-After counts down to it", async () => {
    const t0 = 5_000_000;
    for (let i = 0; i < 5; i++) await checkRateLimit("window-test", t0);
    const retryAfter = async (now: number) => {
      try {
        await checkRateLimit("window-test", now);
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(429);
        return Number((err as ApiError).headers["Retry-After"]);
      }
      return null;
    };
    expect(await retryAfter(t0)).toBe(60);
    expect(await retryAfter(t0 + 30_000)).toBe(30);
    expect(await retryAfter(t0 + 59_500)).toBe(1);
    expect(await retryAfter(t0 + 60_000)).toBeNull();
    for (let i = 0; i < 4; i++) await checkRateLimit("window-test", t0 + 60_000);
    expect(await retryAfter(t0 + 60_001)).toBe(60);
  });
});
