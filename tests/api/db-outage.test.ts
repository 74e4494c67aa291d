// A database outage, for real: the app's database handle is a postgres.js client of a server that
// refuses connections (a closed port), the way a production process sees its server go away. The
// 500's log line and /api/health name the cause (connection refused, ECONNREFUSED) and never the
// failed statement or its parameters (drizzle's `Failed query: … params: <the key's SHA-256>`).
import crypto from "node:crypto";
import net from "node:net";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setDbHandle, type Db, type DbHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { redirectLog } from "@/lib/log/logger";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeUser } from "../helpers/users";

const testDb = useApiTestEnv("db-outage");

const restores: (() => unknown)[] = [];
afterEach(async () => {
  for (const r of restores.splice(0).reverse()) await r();
  setDbHandle(testDb.handle());
  vi.unstubAllEnvs();
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The app's database becomes a server that is gone. */
async function databaseGone(): Promise<void> {
  const client = postgres(`postgres://app:pw@127.0.0.1:${await closedPort()}/app`, { max: 2, connect_timeout: 5, onnotice: () => {} });
  const handle: DbHandle = { db: drizzle({ client, schema }) as unknown as Db, kind: "postgres", location: "postgres://127.0.0.1/app", close: () => client.end({ timeout: 1 }) };
  restores.push(() => handle.close());
  setDbHandle(handle);
}

function collectLog(): Record<string, any>[] {
  const lines: Record<string, any>[] = [];
  restores.push(redirectLog({ write: (line) => lines.push(JSON.parse(line)) }, "debug"));
  return lines;
}

describe("a database outage", () => {
  it("the 500's log line names the cause and its kinds, not the statement or the key's hash", async () => {
    const user = await makeUser("outage@example.com");
    const keyHash = crypto.createHash("sha256").update(user.api_key).digest("hex");
    await databaseGone();
    const lines = collectLog();

    const res = await call("GET", "/videos", { auth: user.api_key });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: "Internal server error" });

    const errors = lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    const text = JSON.stringify(lines);
    for (const leak of [keyHash, user.api_key, "Failed query", "params", "select", "key_hash"]) expect(text).not.toContain(leak);
    expect(errors[0]).toMatchObject({ reqId: res.headers.get("x-request-id"), err: { type: "DrizzleQueryError", message: "a database query failed", cause: { type: "SystemError", code: "ECONNREFUSED" } } });
    expect(errors[0]!.err.cause.message).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });

  it("/api/health: 503 naming the cause, with no statement; /api/ping still answers", async () => {
    vi.stubEnv("RUNNER_CONCURRENCY", "0");
    await databaseGone();
    const res = await call("GET", "/health");
    expect(res.status).toBe(503);
    expect(res.body.checks.database).toBe("connection refused (ECONNREFUSED)");
    expect((await call("GET", "/ping")).status).toBe(200);
  });
});
