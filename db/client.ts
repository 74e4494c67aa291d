// The database handle: PGlite (with pgvector) in DATA_DIR by default, a Postgres server when
// DATABASE_URL is set. One handle per process, opened lazily on first use, kept on globalThis
// so Next's route bundles and instrumentation share it.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { acquireDataDirLock } from "./data-dir-lock";
import { assertNotNewerThanBuild } from "./schema-version";
import { ReadCache } from "./read-cache";
import { processSingleton } from "@/lib/core/process-singleton";
import { env } from "@/lib/env";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives: a directory for PGlite, the server URL (without password) otherwise. */
  location: string;
  close: () => Promise<void>;
}

type Holder = { handle?: Promise<DbHandle> };
const holder: Holder = processSingleton<Holder>("__vaDb", () => ({}));

export function migrationsFolder(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");
}

/**
 * Opens PGlite with pgvector. `dataDir` undefined means in memory (tests). `from`: a data directory
 * dumped by `dumpDataDir` to start an in-memory database from (tests start each file's database
 * from one migrated copy: 0.7 s instead of 4.5 s to create and migrate it); its migrations are
 * still checked and any missing applied.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let release = async () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
  }
  try {
    const client = new PGlite({
      dataDir: dataDir ? path.join(dataDir, "pgdata") : undefined,
      loadDataDir: dataDir ? undefined : from,
      extensions: { vector },
    });
    await client.exec("SET TIME ZONE 'UTC'");
    // This process is the only one on this data directory: reads that opt in may be cached.
    const db = drizzle({ client, schema, cache: new ReadCache() }) as unknown as Db;
    await assertNotNewerThanBuild(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows, migrationsFolder());
    await migrate(db as never, { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: "pglite",
      location: dataDir ?? "memory",
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** Any constant: the advisory lock that lets one process at a time migrate a server database. */
const MIGRATION_LOCK = 7_304_118_221;

/**
 * Migrates on a connection of its own that holds a session advisory lock meanwhile: processes
 * starting together (web and workers) migrate one after the other, and the later ones find nothing
 * left to do (concurrent migrations of a fresh database race on CREATE EXTENSION and drizzle's
 * own table). A process that dies while migrating loses its session, and with it the lock.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const session = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: "UTC" } });
  try {
    await session`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await assertNotNewerThanBuild((sql) => session.unsafe(sql), migrationsFolder());
    await migrate(drizzle({ client: session, schema }), { migrationsFolder: migrationsFolder() });
    await session`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await session.end({ timeout: 5 });
  }
}

/** Connects to a Postgres server (pgvector must be available to CREATE EXTENSION). */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // No JIT: the app's statements run for milliseconds, and a search's exact scan over a large
    // scope is costed above jit_above_cost, where compiling took longer than the scan (bench/search).
    connection: { TimeZone: "UTC", jit: "off" },
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  try {
    await migrateUnderLock(url);
  } catch (err) {
    await client.end({ timeout: 1 });
    throw err;
  }
  return {
    db,
    kind: "postgres",
    location: url.replace(/\/\/[^@/]*@/, "//"),
    close: () => client.end({ timeout: 5 }),
  };
}

/** The process's database, opened (and migrated) on first use. */
export function getDbHandle(): Promise<DbHandle> {
  const { DATABASE_URL, DATA_DIR } = env();
  holder.handle ??= (
    DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(DATA_DIR)
  ).catch((err) => {
    holder.handle = undefined;
    throw err;
  });
  return holder.handle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and tools install their own handle (a fresh PGlite, a scratch server database). */
export function setDbHandle(handle: DbHandle | undefined): void {
  holder.handle = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb(): Promise<void> {
  const h = holder.handle;
  holder.handle = undefined;
  if (h) await (await h).close();
}
