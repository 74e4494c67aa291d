// GET /api/health: `healthy` with a working database; `degraded` with the database's error text
// when it fails or does not answer. No credentials needed; never a 5xx.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite, setDbHandle, type Db, type DbHandle } from "@/db/client";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";

const testDb = useTestDb();

afterEach(async () => {
  setDbHandle(testDb.handle());
  await resetRateLimits();
});

describe("GET /api/health", () => {
  it("healthy with a working database", async () => {
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "healthy", checks: { api: "ok", database: "ok" } });
  });

  it("degraded, with the error text, when the database is closed", async () => {
    const closed = await openPglite();
    await closed.close();
    const expected = await closed.db.execute(sql`select 1`).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(expected, "a closed database should fail queries").toEqual(expect.any(String));
    setDbHandle(closed);

    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("degraded");
    expect(res.body.checks.api).toBe("ok");
    expect(res.body.checks.database).toBe(expected);
    expect(res.body.checks.database).not.toBe("ok");
    expect(res.body.checks.database.length).toBeGreaterThan(0);
  });

  it("degraded when the database throws, with that error's text", async () => {
    const failing: DbHandle = {
      db: { execute: async () => Promise.reject(new Error("connection refused (test)")) } as unknown as Db,
      kind: "postgres",
      location: "postgres://nowhere/test",
      close: async () => {},
    };
    setDbHandle(failing);
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "degraded", checks: { api: "ok", database: "connection refused (test)" } });
  });

  it("degraded, not hanging, when the database does not answer", async () => {
    const stuck: DbHandle = {
      db: { execute: () => new Promise(() => {}) } as unknown as Db,
      kind: "postgres",
      location: "postgres://nowhere/test",
      close: async () => {},
    };
    setDbHandle(stuck);
    const started = Date.now();
    const res = await call("GET", "/health");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("degraded");
    expect(res.body.checks.database).toMatch(/did not answer/);
  });

  it("healthy again once the database is back", async () => {
    const res = await call("GET", "/health");
    expect(res.body.status).toBe("healthy");
  });

  it("needs no credentials, and bad credentials do not matter", async () => {
    for (const auth of [undefined, "garbage", "Bearer nope"]) {
      const res = await call("GET", "/health", { auth });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("healthy");
    }
  });
});
