// Notifications: the welcome `info` notification of a new account, listing (most recent first,
// limit), unread count, marking read, read-all, delete, and a second user who sees none of it.
// (Processing outcomes writing `success` / `error` notifications: videos-lifecycle.test.ts.)
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications } from "@/db/schema";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("notifications");

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await makeUser("alice-notes@example.com");
  bob = await makeUser("bob-notes@example.com");
});

/** Notifications at known times: minute i of 2026-06-01 for i in 0..n-1. */
async function seed(user: TestUser, n: number, type: "success" | "error" | "info" = "success") {
  const db = await getDb();
  const rows = Array.from({ length: n }, (_, i) => ({
    userId: user.user_id,
    title: `Note ${i}`,
    message: `message ${i}`,
    type,
    createdAt: new Date(Date.UTC(2026, 5, 1, 0, i)),
  }));
  return db.insert(notifications).values(rows).returning();
}

const list = (user: TestUser, q = "") => call("GET", `/notifications${q}`, { auth: user.api_key });
const unread = async (user: TestUser) => (await call("GET", "/notifications/unread-count", { auth: user.api_key })).body.count;

describe("a new account", () => {
  it("starts with one unread welcome notification of type info", async () => {
    const fresh = await makeUser("fresh-notes@example.com");
    const res = await list(fresh);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        user_id: fresh.user_id,
        title: "Welcome to Video Analysis",
        message: expect.stringContaining("3,000 minutes"),
        type: "info",
        is_read: 0,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
      },
    ]);
    expect(await unread(fresh)).toBe(1);
  });
});

describe("GET /api/notifications", () => {
  it("most recent first, 50 by default, `limit` up to 1000", async () => {
    const user = await makeUser("many-notes@example.com");
    await seed(user, 60);
    const all = await list(user);
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(50);
    // The welcome note was created now, after the seeded 2026-06-01 ones.
    expect(all.body[0].title).toBe("Welcome to Video Analysis");
    expect(all.body.slice(1, 4).map((n: any) => n.title)).toEqual(["Note 59", "Note 58", "Note 57"]);
    const times = all.body.map((n: any) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await list(user, "?limit=3")).body.map((n: any) => n.title)).toEqual(["Welcome to Video Analysis", "Note 59", "Note 58"]);
    expect((await list(user, "?limit=1000")).body).toHaveLength(61);
    expect((await list(user, "?limit=1")).body).toHaveLength(1);
  });

  it("400 naming limit when it is not an integer from 1 to 1000", async () => {
    for (const q of ["0", "-1", "1001", "abc", "1.5", "", "1e999"]) {
      const res = await list(alice, `?limit=${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toMatch(/^limit: /);
    }
    expect((await list(alice, "?limit=1001")).body.detail).toBe("limit: must be at most 1000");
    expect((await list(alice, "?limit=0")).body.detail).toBe("limit: must be at least 1");
  });

  it("401 without credentials", async () => {
    for (const [method, p] of [
      ["GET", "/notifications"],
      ["GET", "/notifications/unread-count"],
      ["POST", "/notifications/read-all"],
      ["PATCH", `/notifications/${GHOST}/read`],
      ["DELETE", `/notifications/${GHOST}`],
    ] as const) {
      const res = await call(method, p);
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(res.body.detail).toBe("Missing Authorization header");
    }
  });
});

describe("reading and deleting", () => {
  it("PATCH /{id}/read marks one read (again is fine); unread-count follows", async () => {
    const user = await makeUser("read-notes@example.com");
    const [first] = await seed(user, 3, "error");
    expect(await unread(user)).toBe(4);
    const res = await call("PATCH", `/notifications/${first!.id}/read`, { auth: user.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await unread(user)).toBe(3);
    expect((await list(user)).body.find((n: any) => n.id === first!.id)).toMatchObject({ is_read: 1, type: "error" });
    expect((await call("PATCH", `/notifications/${first!.id}/read`, { auth: user.api_key })).body).toEqual({ ok: true });
    expect(await unread(user)).toBe(3);
  });

  it("POST /read-all marks the rest read and says how many changed", async () => {
    const user = await makeUser("all-notes@example.com");
    const [first] = await seed(user, 4);
    await call("PATCH", `/notifications/${first!.id}/read`, { auth: user.api_key });
    const res = await call("POST", "/notifications/read-all", { auth: user.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, updated: 4 });
    expect(await unread(user)).toBe(0);
    expect((await list(user)).body.every((n: any) => n.is_read === 1)).toBe(true);
    expect((await call("POST", "/notifications/read-all", { auth: user.api_key })).body).toEqual({ ok: true, updated: 0 });
  });

  it("DELETE /{id} removes one; then 404 Notification not found", async () => {
    const user = await makeUser("delete-notes@example.com");
    const [first, second] = await seed(user, 2);
    const res = await call("DELETE", `/notifications/${first!.id}`, { auth: user.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const ids = (await list(user)).body.map((n: any) => n.id);
    expect(ids).not.toContain(first!.id);
    expect(ids).toContain(second!.id);
    expect(await unread(user)).toBe(2);
    const again = await call("DELETE", `/notifications/${first!.id}`, { auth: user.api_key });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("Notification not found");
    const read = await call("PATCH", `/notifications/${first!.id}/read`, { auth: user.api_key });
    expect(read.status).toBe(404);
    expect(read.body.detail).toBe("Notification not found");
  });

  it("404 Notification not found for unknown and malformed ids", async () => {
    for (const id of [GHOST, "nope", "123"]) {
      for (const [method, p] of [
        ["PATCH", `/notifications/${id}/read`],
        ["DELETE", `/notifications/${id}`],
      ] as const) {
        const res = await call(method, p, { auth: alice.api_key });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(res.body.detail).toBe("Notification not found");
      }
    }
  });
});

describe("a second user", () => {
  it("sees none of the first user's notifications and cannot read or delete them", async () => {
    const [mine] = await seed(alice, 2);
    const before = await unread(alice);
    const bobs = await list(bob);
    expect(bobs.body.every((n: any) => n.user_id === bob.user_id)).toBe(true);
    expect(bobs.body.map((n: any) => n.id)).not.toContain(mine!.id);
    expect(await unread(bob)).toBe(1); // his own welcome

    for (const [method, p] of [
      ["PATCH", `/notifications/${mine!.id}/read`],
      ["DELETE", `/notifications/${mine!.id}`],
    ] as const) {
      const res = await call(method, p, { auth: bob.api_key });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Notification not found");
    }
    // bob's read-all touches only his own
    expect((await call("POST", "/notifications/read-all", { auth: bob.api_key })).body).toEqual({ ok: true, updated: 1 });
    expect(await unread(alice)).toBe(before);
    expect((await list(alice, "?limit=1000")).body.find((n: any) => n.id === mine!.id)).toMatchObject({ is_read: 0 });
  });
});
