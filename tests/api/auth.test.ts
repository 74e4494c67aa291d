// Every way a request can fail to authenticate, with its exact status and detail, and the Clerk
// bearer-token path end to end: verification (PEM or JWKS), sub → internal user mapping through
// the token claim, the Backend API lookup, provisioning with write-back, and the cache.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { clearClerkMappingCache } from "@/lib/auth/clerk";
import { resolveUserContext } from "@/lib/auth/user-context";
import { call } from "../helpers/api";
import { startClerkServer, type FakeClerk } from "../helpers/clerk-server";
import { useTestDb } from "../helpers/db";
import { makeKeyPair, nowSeconds, signToken, type TestKeyPair } from "../helpers/tokens";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INVALID_KEY = "Invalid or inactive API key";

let alice: TestUser;
let kp: TestKeyPair;
let otherKp: TestKeyPair;
let clerk: FakeClerk;

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  kp = await makeKeyPair("ins_test_main");
  otherKp = await makeKeyPair("ins_test_main"); // same kid, different key: only the signature differs
  clerk = await startClerkServer({ secretKey: "sk_test_x", jwks: [kp.jwk] });
});
afterAll(async () => {
  await clerk?.close();
});
beforeEach(async () => {
  await resetRateLimits();
  clearClerkMappingCache();
  clerk.reset();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function expect401(res: { status: number; body: any }, detail: string) {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ detail });
}

/** The internal user id the API sees for a credential. */
async function whoAmI(auth: string): Promise<string> {
  const res = await call("GET", "/dashboard", { auth });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.profile.user_id;
}

describe("API keys", () => {
  it("no Authorization header → 401 Missing Authorization header", async () => {
    expect401(await call("GET", "/keys"), "Missing Authorization header");
  });

  it("an empty or blank Authorization header → 401 Missing Authorization header", async () => {
    for (const value of ["", "   "]) {
      expect401(await call("GET", "/keys", { headers: { authorization: value } }), "Missing Authorization header");
    }
  });

  it("a well-formed but unknown key → 401 Invalid or inactive API key", async () => {
    expect401(await call("GET", "/keys", { auth: `svc_live_${"a".repeat(64)}` }), INVALID_KEY);
  });

  it("malformed keys → 401 Invalid or inactive API key", async () => {
    const good = alice.api_key;
    for (const bad of [
      "svc_live_123",
      "hello",
      good.toUpperCase(),
      good.replace("svc_live_", "svc_test_"),
      `${good}0`,
      good.slice(0, -1),
      `${good.slice(0, -1)}g`,
      `Basic ${Buffer.from("a:b").toString("base64")}`,
      `${good} ${good}`,
    ]) {
      expect401(await call("GET", "/keys", { auth: bad }), INVALID_KEY);
    }
  });

  it("the raw key authenticates, with surrounding whitespace too", async () => {
    expect((await call("GET", "/keys", { auth: alice.api_key })).status).toBe(200);
    expect((await call("GET", "/keys", { auth: `  ${alice.api_key}  ` })).status).toBe(200);
  });

  it("`Bearer svc_live_…` is treated as an API key (any case of the word)", async () => {
    for (const word of ["Bearer", "bearer", "BEARER"]) {
      expect(await whoAmI(`${word} ${alice.api_key}`)).toBe(alice.user_id);
    }
    // …and judged as one: a bad key behind Bearer is a key error, not a token error
    expect401(await call("GET", "/keys", { auth: `Bearer svc_live_${"0".repeat(63)}` }), INVALID_KEY);
    expect401(await call("GET", "/keys", { auth: `Bearer svc_live_${"b".repeat(64)}` }), INVALID_KEY);
  });

  it("an inactive key → 401, and it works again once reactivated", async () => {
    const created = await call("POST", "/keys", { auth: alice.api_key, body: { name: "inactive" } });
    expect(created.status).toBe(201);
    expect((await call("GET", "/keys", { auth: created.body.raw_key })).status).toBe(200);
    const off = await call("PATCH", `/keys/${created.body.id}`, { auth: alice.api_key, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect401(await call("GET", "/keys", { auth: created.body.raw_key }), INVALID_KEY);
    expect401(await call("GET", "/keys", { auth: `Bearer ${created.body.raw_key}` }), INVALID_KEY);
    await call("PATCH", `/keys/${created.body.id}`, { auth: alice.api_key, body: { is_active: true } });
    expect((await call("GET", "/keys", { auth: created.body.raw_key })).status).toBe(200);
  });

  it("a deleted key → 401", async () => {
    const created = await call("POST", "/keys", { auth: alice.api_key, body: { name: "deleted" } });
    expect((await call("GET", "/keys", { auth: created.body.raw_key })).status).toBe(200);
    expect((await call("DELETE", `/keys/${created.body.id}`, { auth: alice.api_key })).status).toBe(200);
    expect401(await call("GET", "/keys", { auth: created.body.raw_key }), INVALID_KEY);
  });

  it("the UserContext of a key says auth_type api_key and names the key", async () => {
    const ctx = await resolveUserContext(await getDb(), alice.api_key);
    expect(ctx).toEqual({ user_id: alice.user_id, auth_type: "api_key", key_id: alice.key_id });
  });

  it("unauthenticated endpoints need no header", async () => {
    expect((await call("GET", "/health")).status).toBe(200);
  });
});

describe("bearer tokens without Clerk configured", () => {
  beforeEach(() => {
    vi.stubEnv("CLERK_JWT_KEY", "");
    vi.stubEnv("CLERK_SECRET_KEY", "");
  });

  it("a well-signed token → 401 Invalid token", async () => {
    const token = await signToken(kp, { sub: "user_noclerk", external_id: alice.user_id });
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Invalid token");
  });

  it("an empty bearer → 401 Invalid token", async () => {
    for (const auth of ["Bearer", "Bearer    ", "bearer\t"]) {
      expect401(await call("GET", "/keys", { headers: { authorization: auth } }), "Invalid token");
    }
  });

  it("API keys keep working", async () => {
    expect(await whoAmI(alice.api_key)).toBe(alice.user_id);
  });
});

describe("Clerk bearer tokens (CLERK_JWT_KEY)", () => {
  beforeEach(() => {
    vi.stubEnv("CLERK_JWT_KEY", kp.pem);
    vi.stubEnv("CLERK_SECRET_KEY", "sk_test_x");
    vi.stubEnv("CLERK_API_URL", clerk.url);
    vi.stubEnv("CLERK_AUTHORIZED_PARTIES", "");
  });

  it("an expired token → 401 Token expired", async () => {
    const now = nowSeconds();
    const token = await signToken(kp, { sub: "user_exp", external_id: alice.user_id, iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Token expired");
  });

  it("a token signed with another key → 401 Invalid token", async () => {
    const token = await signToken(otherKp, { sub: "user_other", external_id: alice.user_id });
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Invalid token");
  });

  it("an expired token signed with another key → 401 Invalid token (the signature is checked first)", async () => {
    const token = await signToken(otherKp, { sub: "user_other", exp: nowSeconds() - 3600, iat: nowSeconds() - 7200 });
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Invalid token");
  });

  it("garbage and tampered bearers → 401 Invalid token", async () => {
    const good = await signToken(kp, { sub: "user_tamper", external_id: alice.user_id });
    const [h, p, s] = good.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), sub: "user_admin" })).toString("base64url");
    for (const bearer of [
      "nope",
      "abc.def.ghi",
      "a.b",
      `${h}.${p}`,
      `${h}.${p}.`,
      `${h}.${forged}.${s}`,
      `${good}x`,
      "x".repeat(10_000),
      `${h}.${Buffer.from("not json").toString("base64url")}.${s}`,
    ]) {
      expect401(await call("GET", "/keys", { auth: `Bearer ${bearer}` }), "Invalid token");
    }
  });

  it("a token with alg none → 401 Invalid token", async () => {
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const now = nowSeconds();
    const token = `${enc({ alg: "none", typ: "JWT", kid: kp.kid })}.${enc({ sub: "user_none", iat: now, exp: now + 60, external_id: alice.user_id })}.`;
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Invalid token");
  });

  it("a token whose nbf is in the future → 401 Invalid token", async () => {
    const token = await signToken(kp, { sub: "user_nbf", external_id: alice.user_id, nbf: nowSeconds() + 3600, exp: nowSeconds() + 7200 });
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Invalid token");
  });

  it("a token without sub → 401 Invalid token", async () => {
    const token = await signToken(kp, { sub: undefined as unknown as string, external_id: alice.user_id });
    expect401(await call("GET", "/keys", { auth: `Bearer ${token}` }), "Invalid token");
  });

  it("azp is checked against CLERK_AUTHORIZED_PARTIES when set", async () => {
    vi.stubEnv("CLERK_AUTHORIZED_PARTIES", "https://app.example.com, https://admin.example.com");
    const wrong = await signToken(kp, { sub: "user_azp", external_id: alice.user_id, azp: "https://evil.example.com" });
    expect401(await call("GET", "/keys", { auth: `Bearer ${wrong}` }), "Invalid token");
    for (const azp of ["https://app.example.com", "https://admin.example.com"]) {
      const right = await signToken(kp, { sub: "user_azp", external_id: alice.user_id, azp });
      expect(await whoAmI(`Bearer ${right}`)).toBe(alice.user_id);
    }
    // unset: azp is not checked
    vi.stubEnv("CLERK_AUTHORIZED_PARTIES", "");
    expect(await whoAmI(`Bearer ${wrong}`)).toBe(alice.user_id);
  });

  it("a PEM whose newlines arrive as literal \\n still verifies", async () => {
    const escaped = kp.pem.trim().replace(/\n/g, "\\n");
    expect(escaped).not.toContain("\n");
    vi.stubEnv("CLERK_JWT_KEY", escaped);
    const token = await signToken(kp, { sub: "user_pem", external_id: alice.user_id });
    expect(await whoAmI(`Bearer ${token}`)).toBe(alice.user_id);
    const forged = await signToken(otherKp, { sub: "user_pem", external_id: alice.user_id });
    expect401(await call("GET", "/keys", { auth: `Bearer ${forged}` }), "Invalid token");
  });

  it("an external_id claim maps straight to that user, without a Backend API call", async () => {
    const token = await signToken(kp, { sub: "user_claim", external_id: alice.user_id });
    expect(await whoAmI(`Bearer ${token}`)).toBe(alice.user_id);
    expect(clerk.requests).toEqual([]);
    const ctx = await resolveUserContext(await getDb(), `Bearer ${token}`);
    expect(ctx).toEqual({ user_id: alice.user_id, clerk_user_id: "user_claim", auth_type: "clerk" });
  });

  it("without the claim, the Clerk user's externalId is looked up through the Backend API", async () => {
    const bob = await makeUser("bob@example.com");
    clerk.addUser({ id: "user_bob", external_id: bob.user_id, email: "bob@example.com", first_name: "Bob" });
    const token = await signToken(kp, { sub: "user_bob" });
    expect(await whoAmI(`Bearer ${token}`)).toBe(bob.user_id);

    const calls = clerk.userRequests();
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/users/user_bob"]);
    expect(calls[0]!.headers.authorization).toBe("Bearer sk_test_x");
    // the mapping is cached: no further lookups
    clerk.reset();
    expect(await whoAmI(`Bearer ${token}`)).toBe(bob.user_id);
    expect(clerk.requests).toEqual([]);
  });

  it("a sub with no mapping gets a new internal user, written back to Clerk as externalId", async () => {
    clerk.addUser({
      id: "user_new",
      external_id: null,
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      image_url: "https://img.clerk.test.example/ada.png",
    });
    const token = await signToken(kp, { sub: "user_new" });
    const res = await call("GET", "/dashboard", { auth: `Bearer ${token}` });
    expect(res.status).toBe(200);
    const userId = res.body.profile.user_id;
    expect(userId).toMatch(UUID);
    expect(userId).not.toBe(alice.user_id);
    expect(res.body.profile).toMatchObject({
      email: "ada@example.com",
      full_name: "Ada Lovelace",
      avatar_url: "https://img.clerk.test.example/ada.png",
    });

    const calls = clerk.userRequests();
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/users/user_new", "PATCH /v1/users/user_new"]);
    expect(calls[1]!.body).toEqual({ external_id: userId });
    for (const c of calls) expect(c.headers.authorization).toBe("Bearer sk_test_x");
    expect(clerk.users.get("user_new")!.external_id).toBe(userId);

    // cached: a second request makes no API call and lands on the same user
    clerk.reset();
    expect(await whoAmI(`Bearer ${token}`)).toBe(userId);
    expect(clerk.requests).toEqual([]);

    // stable after the cache is gone (another process, a restart) and with the claim set later
    clearClerkMappingCache();
    expect(await whoAmI(`Bearer ${token}`)).toBe(userId);
    clearClerkMappingCache();
    const withClaim = await signToken(kp, { sub: "user_new", external_id: userId });
    expect(await whoAmI(`Bearer ${withClaim}`)).toBe(userId);
    expect(clerk.userRequests().filter((r) => r.method === "PATCH")).toEqual([]);
  });

  it("parallel first requests of a new sub provision exactly one user", async () => {
    clerk.addUser({ id: "user_parallel", email: "par@example.com" });
    const token = await signToken(kp, { sub: "user_parallel" });
    const results = await Promise.all(Array.from({ length: 5 }, () => call("GET", "/dashboard", { auth: `Bearer ${token}` })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(results.map((r) => r.body.profile.user_id));
    expect(ids.size).toBe(1);
    const [userId] = ids;
    expect(clerk.users.get("user_parallel")!.external_id).toBe(userId);
  });

  it("different subs map to different users", async () => {
    clerk.addUser({ id: "user_one", email: "one@example.com" });
    clerk.addUser({ id: "user_two", email: "two@example.com" });
    const one = await whoAmI(`Bearer ${await signToken(kp, { sub: "user_one" })}`);
    const two = await whoAmI(`Bearer ${await signToken(kp, { sub: "user_two" })}`);
    expect(one).toMatch(UUID);
    expect(two).toMatch(UUID);
    expect(one).not.toBe(two);
  });

  it("a user provisioned from a token is isolated from others' resources", async () => {
    clerk.addUser({ id: "user_iso", email: "iso@example.com" });
    const token = await signToken(kp, { sub: "user_iso" });
    const keys = await call("GET", "/keys", { auth: alice.api_key });
    const res = await call("DELETE", `/keys/${keys.body[0].id}`, { auth: `Bearer ${token}` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "API key not found" });
  });
});

describe("Clerk bearer tokens verified through the instance JWKS (CLERK_SECRET_KEY only)", () => {
  beforeEach(() => {
    vi.stubEnv("CLERK_JWT_KEY", "");
    vi.stubEnv("CLERK_SECRET_KEY", "sk_test_x");
    vi.stubEnv("CLERK_API_URL", clerk.url);
    vi.stubEnv("CLERK_AUTHORIZED_PARTIES", "");
  });

  it("fetches /v1/jwks with the secret key and verifies the token", async () => {
    const token = await signToken(kp, { sub: "user_jwks", external_id: alice.user_id });
    expect(await whoAmI(`Bearer ${token}`)).toBe(alice.user_id);
    const jwks = clerk.requests.filter((r) => r.path === "/v1/jwks");
    expect(jwks.length).toBeGreaterThanOrEqual(1);
    expect(jwks[0]!.method).toBe("GET");
    expect(jwks[0]!.headers.authorization).toBe("Bearer sk_test_x");
  });

  it("rejects a token signed with a key outside the JWKS, and an expired one", async () => {
    const forged = await signToken(otherKp, { sub: "user_jwks", external_id: alice.user_id });
    expect401(await call("GET", "/keys", { auth: `Bearer ${forged}` }), "Invalid token");
    const unknownKid = await signToken(otherKp, { sub: "user_jwks", external_id: alice.user_id }, { kid: "ins_unknown" });
    expect401(await call("GET", "/keys", { auth: `Bearer ${unknownKid}` }), "Invalid token");
    const now = nowSeconds();
    const expired = await signToken(kp, { sub: "user_jwks", external_id: alice.user_id, iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
    expect401(await call("GET", "/keys", { auth: `Bearer ${expired}` }), "Token expired");
  });
});
