// A fresh database per test file: in-memory PGlite, or (TEST_DB=postgres) a scratch database on
// the TEST_DATABASE_URL server, dropped afterwards.
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "@/db/client";

/** `url`: the scratch database's address on the server (another process's connections can open it). */
export async function openTestDb(): Promise<DbHandle & { url?: string }> {
  if (process.env.TEST_DB !== "postgres") {
    // The run's migrated copy (tests/helpers/pglite-template.ts), when this project made one.
    const template = inject("pgliteTemplate");
    return openPglite(undefined, template ? new Blob([fs.readFileSync(template)]) : undefined);
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `va_test_${crypto.randomBytes(6).toString("hex")}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 5 });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const a = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Installs a fresh database as the app's database for this file. */
export function useTestDb(): { handle: () => DbHandle & { url?: string } } {
  let handle: DbHandle & { url?: string };
  beforeAll(async () => {
    handle = await openTestDb();
    setDbHandle(handle);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await handle?.close();
  });
  return { handle: () => handle };
}
