// vitest globalSetup of the PGlite project: one in-memory database created and migrated once per
// run, dumped to a file; each test file's database starts from that copy (tests/helpers/db.ts),
// 0.7 s instead of 4.5 s to create and migrate one on CI's machines, some seventy times a run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "@/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data directory, as a `dumpDataDir` tarball. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-pglite-template-"));
  const file = path.join(dir, "pgdata.tar");
  const handle = await openPglite();
  try {
    const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
