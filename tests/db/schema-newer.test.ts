// A database that a newer build migrated (a migration in drizzle's table that this build's journal
// lacks) is refused with a clear message instead of being run on, on PGlite and on a server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite, openPostgres } from "@/db/client";
import { DatabaseNewerError, journalMigrations, MIGRATIONS_TABLE } from "@/db/schema-version";
import { openTestDb } from "../helpers/db";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const NEWER = Date.UTC(2099, 0, 1);
const RECORD_NEWER = `insert into ${MIGRATIONS_TABLE} (hash, created_at) values ('from-a-newer-build', ${NEWER})`;
const COUNT = `select count(*)::int as n from ${MIGRATIONS_TABLE}`;

function expectRefusal(err: unknown): void {
  expect(err).toBeInstanceOf(DatabaseNewerError);
  expect((err as Error).message).toMatch(
    /^The database was migrated by a newer version of Video Analysis \(1 migration this build does not have, the latest from 2099-01-01T00:00:00\.000Z\)\. Run that version or a newer one/,
  );
}

describe("a database newer than the build", () => {
  it("is refused with a clear message, and left as it was", async () => {
    const known = journalMigrations(migrationsFolder()).length;
    expect(known).toBeGreaterThan(0);
    if (process.env.TEST_DB === "postgres") {
      const h = await openTestDb();
      try {
        await h.db.execute(RECORD_NEWER as never);
        expectRefusal(await openPostgres(h.url!, { max: 1 }).then(() => null, (e: unknown) => e));
        const rows = (await h.db.execute(COUNT as never)) as unknown as { n: number }[];
        expect(rows[0]!.n).toBe(known + 1);
      } finally {
        await h.close();
      }
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-newer-db-"));
    dirs.push(dir);
    const first = await openPglite(dir);
    await first.db.execute(RECORD_NEWER as never);
    await first.close();
    expectRefusal(await openPglite(dir).then(() => null, (e: unknown) => e));
    // The refusal changed nothing and let go of the directory.
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
    const client = new PGlite({ dataDir: path.join(dir, "pgdata"), extensions: { vector } });
    try {
      expect((await client.query<{ n: number }>(COUNT)).rows[0]!.n).toBe(known + 1);
    } finally {
      await client.close();
    }
  });
});
