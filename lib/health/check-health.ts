// The health report: the API answers, and the database answers a real query in time.
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { withoutPaths } from "@/lib/api/public-error";

const DB_TIMEOUT_MS = 3_000;

export async function checkHealth() {
  let database = "ok";
  try {
    await Promise.race([
      getDb().then((db) => db.execute(sql`select 1`)),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database did not answer within 3 s")), DB_TIMEOUT_MS).unref()),
    ]);
  } catch (err) {
    database = withoutPaths((err as Error).message || String(err)) || "unavailable";
  }
  return { status: database === "ok" ? ("healthy" as const) : ("degraded" as const), checks: { api: "ok", database } };
}
