// Upgrades go forward only: a build refuses a database that a newer build has migrated (a migration
// recorded in drizzle's table that this build's journal lacks) instead of running on a schema it
// does not know. Drizzle's migrator alone would apply nothing and carry on.
import fs from "node:fs";
import path from "node:path";

/** drizzle's record of applied migrations (drizzle-orm's default schema and table). */
export const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

export class DatabaseNewerError extends Error {
  constructor(readonly unknown: number[]) {
    super(
      `The database was migrated by a newer version of Video Analysis (${unknown.length} migration${unknown.length === 1 ? "" : "s"} this build does not have, ` +
        `the latest from ${new Date(Math.max(...unknown)).toISOString()}). Run that version or a newer one: downgrades are not supported ` +
        `(restore a backup taken before the upgrade to go back).`,
    );
  }
}

/** The `when` (drizzle's created_at) of every migration in this build's journal. */
export function journalMigrations(migrationsFolder: string): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}

type Rows = (sql: string) => Promise<Record<string, unknown>[]>;

/** Throws DatabaseNewerError when the database records a migration the journal lacks. */
export async function assertNotNewerThanBuild(query: Rows, migrationsFolder: string): Promise<void> {
  const [exists] = await query(`select to_regclass('${MIGRATIONS_TABLE}') is not null as present`);
  if (!exists?.present) return;
  const known = new Set(journalMigrations(migrationsFolder));
  const applied = (await query(`select created_at from ${MIGRATIONS_TABLE}`)).map((r) => Number(r.created_at));
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length) throw new DatabaseNewerError(unknown);
}
