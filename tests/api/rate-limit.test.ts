// Rate limiting: RATE_LIMIT_PER_MINUTE requests per minute per authenticated user (however the key
// is spelled), per client address for failed authentication and unauthenticated endpoints (the
// socket address; X-Forwarded-For only with TRUST_PROXY), then 429 `Rate limit exceeded` with a
// Retry-After in seconds.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { checkRateLimit, resetRateLimits } from "@/lib/api/rate-limit";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await makeUser("alice-rl@example.com");
  bob = await makeUser("bob-rl@example.com");
});
beforeEach(() => {
  vi.stubEnv("RATE_LIMIT_PER_MINUTE", "5");
  resetRateLimits();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetRateLimits();
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
    resetRateLimits();
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
    for (let i = 0; i < 600; i++) checkRateLimit("default-test", 1_000_000);
    expect(() => checkRateLimit("default-test", 1_000_000)).toThrow("Rate limit exceeded");
  });
});

describe("the window", () => {
  it("opens again after a minute, and Retry-After counts down to it", () => {
    const t0 = 5_000_000;
    for (let i = 0; i < 5; i++) checkRateLimit("window-test", t0);
    const retryAfter = (now: number) => {
      try {
        checkRateLimit("window-test", now);
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(429);
        return Number((err as ApiError).headers["Retry-After"]);
      }
      return null;
    };
    expect(retryAfter(t0)).toBe(60);
    expect(retryAfter(t0 + 30_000)).toBe(30);
    expect(retryAfter(t0 + 59_500)).toBe(1);
    expect(retryAfter(t0 + 60_000)).toBeNull();
    for (let i = 0; i < 4; i++) checkRateLimit("window-test", t0 + 60_000);
    expect(retryAfter(t0 + 60_001)).toBe(60);
  });
});
