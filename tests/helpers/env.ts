// The common start of an API test file (call it at the top level, before any test).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { useTestDb } from "./db";

/**
 * The file's own DATA_DIR (a new `va-<name>-…` directory under the system temp directory), a rate
 * limit high enough never to get in the way, and a fresh database (useTestDb, whose handle it returns).
 */
export function useApiTestEnv(name: string): ReturnType<typeof useTestDb> {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), `va-${name}-`));
  process.env.RATE_LIMIT_PER_MINUTE = "100000";
  return useTestDb();
}
