import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});

describe("POST /api/keys", () => {
  it("201 with the full key once, then lists it masked", async () => {
    const created = await call("POST", "/keys", { auth: alice.api_key, body: { name: "ci" } });
    expect(created.status).toBe(201);
    expect(created.body.raw_key).toMatch(/^svc_live_[0-9a-f]{64}$/);
    expect(created.body.key_prefix).toBe(`${created.body.raw_key.slice(0, 17)}…`);
    expect(created.body.last_used_at).toBeNull();
    expect(created.body.is_active).toBe(1);
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);

    const list = await call("GET", "/keys", { auth: alice.api_key });
    expect(list.status).toBe(200);
    const listed = list.body.find((k: any) => k.id === created.body.id);
    expect(listed.raw_key).toBe(created.body.key_prefix);
    expect(JSON.stringify(list.body)).not.toContain(created.body.raw_key);
  });

  it("the new key authenticates and records last_used_at", async () => {
    const created = await call("POST", "/keys", { auth: alice.api_key, body: { name: "second" } });
    expect((await call("GET", "/keys", { auth: created.body.raw_key })).status).toBe(200);
    const list = await call("GET", "/keys", { auth: alice.api_key });
    expect(list.body.find((k: any) => k.id === created.body.id).last_used_at).not.toBeNull();
  });

  it("400 naming the field when name is missing, empty or too long", async () => {
    for (const body of [{}, { name: "" }, { name: "x".repeat(256) }, { name: 5 }]) {
      const res = await call("POST", "/keys", { auth: alice.api_key, body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^name: /);
    }
  });

  it("400 for malformed JSON", async () => {
    const res = await call("POST", "/keys", { auth: alice.api_key, rawBody: "{nope" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Request body must be valid JSON");
  });
});

describe("PATCH /api/keys/{key_id}", () => {
  it("401 Invalid or inactive API key after deactivation, works again after activation, gone after delete", async () => {
    const created = await call("POST", "/keys", { auth: alice.api_key, body: { name: "temp" } });
    const key = created.body.raw_key;
    const off = await call("PATCH", `/keys/${created.body.id}`, { auth: alice.api_key, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(0);
    const denied = await call("GET", "/keys", { auth: key });
    expect(denied.status).toBe(401);
    expect(denied.body.detail).toBe("Invalid or inactive API key");

    const on = await call("PATCH", `/keys/${created.body.id}`, { auth: alice.api_key, body: { is_active: true } });
    expect(on.body.is_active).toBe(1);
    expect((await call("GET", "/keys", { auth: key })).status).toBe(200);

    const del = await call("DELETE", `/keys/${created.body.id}`, { auth: alice.api_key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    const gone = await call("GET", "/keys", { auth: key });
    expect(gone.status).toBe(401);
    expect(gone.body.detail).toBe("Invalid or inactive API key");
    expect((await call("DELETE", `/keys/${created.body.id}`, { auth: alice.api_key })).status).toBe(404);
  });

  it("400 when is_active is not a boolean", async () => {
    const keys = await call("GET", "/keys", { auth: alice.api_key });
    const res = await call("PATCH", `/keys/${keys.body[0].id}`, { auth: alice.api_key, body: { is_active: "no" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("is_active: must be a boolean");
  });
});

describe("another user's keys", () => {
  it("404 API key not found for PATCH and DELETE, and the key is untouched", async () => {
    const bobs = await call("GET", "/keys", { auth: bob.api_key });
    const id = bobs.body[0].id;
    for (const [method, body] of [["PATCH", { is_active: false }], ["DELETE", undefined]] as const) {
      const res = await call(method, `/keys/${id}`, { auth: alice.api_key, body });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("API key not found");
    }
    expect((await call("GET", "/keys", { auth: bob.api_key })).status).toBe(200);
    const aliceList = await call("GET", "/keys", { auth: alice.api_key });
    expect(aliceList.body.map((k: any) => k.id)).not.toContain(id);
  });

  it("404 for a malformed key id", async () => {
    const res = await call("DELETE", "/keys/not-a-uuid", { auth: alice.api_key });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("API key not found");
  });
});
