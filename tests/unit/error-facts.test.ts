// lib/core/error-facts.ts on the errors the drivers really throw: drizzle's `Failed query: … params: …`
// wrapper around PGlite's and postgres.js's errors. What may be logged names the kind, the code and
// the cause; never the statement or its parameters.
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { drizzle as postgresDrizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { forPeople, publicErrorText } from "@/lib/core/public-error";
import { errorCause, errorFacts, withoutSql } from "@/lib/core/error-facts";

const SECRET = "4b2b9f0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e";

async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe("errorFacts / errorCause", () => {
  it("a failed query (PGlite): its kind, SQLSTATE and cause; no statement, no parameter", async () => {
    const client = new PGlite();
    try {
      const err = await thrownBy(() => pgliteDrizzle({ client }).execute(sql`select * from api_keys where key_hash = ${SECRET}`));
      expect((err as Error).message).toContain(SECRET); // what drizzle puts in the message
      const facts = errorFacts(err);
      const text = JSON.stringify(facts);
      for (const leak of [SECRET, "select", "key_hash", "params"]) expect(text).not.toContain(leak);
      expect(facts).toMatchObject({ type: "DrizzleQueryError", message: "a database query failed" });
      expect(facts.cause).toMatchObject({ type: "DatabaseError", code: "42P01", message: 'relation "api_keys" does not exist' });
      expect(facts.stack).toMatch(/^DrizzleQueryError: a database query failed\n\s+at /);
      expect(errorCause(err)).toBe('relation "api_keys" does not exist (PostgreSQL 42P01)');
    } finally {
      await client.close();
    }
  });

  it("a server that refuses connections (postgres.js): connection refused (ECONNREFUSED)", async () => {
    const client = postgres(`postgres://app:pw@127.0.0.1:${await closedPort()}/app`, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      const err = await thrownBy(() => postgresDrizzle({ client }).execute(sql`select ${SECRET}`));
      const text = JSON.stringify(errorFacts(err));
      for (const leak of [SECRET, "select", "params"]) expect(text).not.toContain(leak);
      expect(errorFacts(err).cause).toMatchObject({ type: "SystemError", code: "ECONNREFUSED" });
      expect(errorCause(err)).toBe("connection refused (ECONNREFUSED)");
      // A run that fails on it tells its owner the cause, not the statement.
      expect(publicErrorText(err)).toBe("Processing stopped: a database query failed (connection refused). Processing the video again usually helps.");
    } finally {
      await client.end({ timeout: 1 });
    }
  });

  it("a statement embedded in another text is cut out, with its parameters", () => {
    expect(withoutSql(`start-up failed: Failed query: select 1\nfrom x where k = $1\nparams: ${SECRET}\nand then`)).toBe("start-up failed: a database query failed\nand then");
    expect(withoutSql(`Failed query: select ${SECRET}`)).toBe("a database query failed");
    // Only the text of one (what failRun is given): no cause to name, still no statement.
    expect(publicErrorText(`Failed query: select $1\nparams: ${SECRET}`)).toBe("Processing stopped: a database query failed. Processing the video again usually helps.");
    expect(forPeople(`Import failed: Failed query: select $1\nparams: ${SECRET}`)).toBe("Import failed: a database query failed");
  });

  it("kinds never come from a minified class name", () => {
    class c extends Error {
      constructor() {
        super("boom");
        this.name = this.constructor.name;
      }
    }
    expect(errorFacts(new c()).type).toBe("Error");
    expect(errorFacts(new TypeError("x")).type).toBe("TypeError");
    expect(errorFacts(Object.assign(new Error("write CONNECTION_ENDED 127.0.0.1:5432"), { code: "CONNECTION_ENDED" }))).toMatchObject({ type: "Error", code: "CONNECTION_ENDED" });
    expect(errorCause(Object.assign(new Error("write CONNECTION_ENDED 127.0.0.1:5432"), { code: "CONNECTION_ENDED" }))).toBe("connection ended (CONNECTION_ENDED)");
  });
});
