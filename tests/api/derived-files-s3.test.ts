// A video's derived files with STORAGE_DRIVER=s3 against s3rver on loopback
// (tests/helpers/derived-files-cases.ts).
import fs from "node:fs";
import { afterAll, beforeAll, vi } from "vitest";

vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR || "/tmp"}/va-derived-files-s3-test-${process.pid}-${Date.now()}`;
  // STORAGE_DRIVER=s3 comes with its bucket and endpoint in beforeAll (s3.useAsStorage()): set alone
  // here, the configuration would be invalid while the modules load (their loggers read env()).
  process.env.RATE_LIMIT_PER_MINUTE = "100000";
});

import { useTestDb } from "../helpers/db";
import { derivedFilesCases } from "../helpers/derived-files-cases";
import { startLocalS3, type LocalS3 } from "../helpers/s3";

useTestDb();

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
  s3.useAsStorage();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});

derivedFilesCases();
