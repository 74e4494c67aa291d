// The health report: the API answers, the database answers a real query, storage takes a write,
// and this process's job runner is running (or is not meant to run here). The database or storage
// failing makes the service unusable (the route answers 503 until they work again, checked anew on
// every request); the runner is reported but a web-only process is healthy without one.
import os from "node:os";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { withoutPaths } from "@/lib/core/public-error";
import { errorCause } from "@/lib/core/error-facts";
import { activeEngine } from "@/lib/pipeline/engine";
import { embeddedRunner } from "@/lib/pipeline/embedded-runner";
import { getStorage } from "@/lib/storage";
import { env } from "@/lib/env";

const CHECK_TIMEOUT_MS = 3_000;

export type HealthStatus = "healthy" | "degraded";

export interface HealthReport {
  status: HealthStatus;
  checks: { api: "ok"; database: string; storage: string; runner: string };
}

/** `ok`, or the failure's cause (no SQL, no parameters, no file paths) when `fn` fails or does not settle within 3 s. */
async function probe(what: string, fn: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within 3 s`)), CHECK_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    return "ok";
  } catch (err) {
    return withoutPaths(errorCause(err)) || "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/** A small object written and removed again: reading alone would pass a full disk or a read-only bucket. */
async function probeStorage(): Promise<void> {
  const storage = getStorage();
  const key = `.health/${os.hostname()}-${process.pid}`;
  await storage.putBytes(key, "ok", "text/plain");
  await storage.delete(key);
}

/** `ok` when the embedded runner runs here; `off` when this process is not meant to run jobs. */
function runnerCheck(): string {
  if (activeEngine() === "inngest") return "off";
  if (env().RUNNER_CONCURRENCY === 0) return "off";
  const runner = embeddedRunner();
  if (!runner) return "not started";
  return runner.isStopped ? "stopped" : "ok";
}

const isFine = (check: string) => check === "ok" || check === "off";

export async function checkHealth(): Promise<{ report: HealthReport; usable: boolean }> {
  const [database, storage] = await Promise.all([
    probe("database", () => getDb().then((db) => db.execute(sql`select 1`))),
    probe("storage", probeStorage),
  ]);
  const checks = { api: "ok" as const, database, storage, runner: runnerCheck() };
  const healthy = Object.values(checks).every(isFine);
  return {
    report: { status: healthy ? "healthy" : "degraded", checks },
    usable: database === "ok" && storage === "ok",
  };
}
