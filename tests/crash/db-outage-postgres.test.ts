// A database outage under the built server (`node scripts/start.mjs` on a PostgreSQL database this
// test creates; runs only when TEST_DATABASE_URL is set): the database is dropped under the running
// app (its connections terminated, new ones refused). The 500's log line, every other line the
// outage causes (runner, webhooks, rate limit) and /api/health name the cause and the kinds of
// error (not the bundle's minified class names), never a statement or its parameters — the API
// key's SHA-256 was one of them.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppProcess, sleep, until } from "./app-process";

const base = process.env.TEST_DATABASE_URL!;
const dbName = `va_outage_${process.pid}_${Date.now()}`;
const url = base.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
const admin = postgres(base, { max: 1, onnotice: () => {} });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-outage-"));
let app: AppProcess;
let key: string;

beforeAll(async () => {
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  app = AppProcess.start({ port: 4244, dataDir, env: { DATABASE_URL: url } });
  await app.waitHealthy(180_000);
  key = (await until("the first start's API key", () => app.apiKey(), 10_000))!;
});

afterAll(async () => {
  await app?.kill9();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type ErrFacts = { type: string; code?: string; message: string; cause?: ErrFacts };
const kinds = (e: ErrFacts | undefined): string[] => (e ? [e.type, ...kinds(e.cause)] : []);

describe("the database dropped under a running app", () => {
  it("the log and /api/health name the cause and real kinds, never SQL or its parameters", async () => {
    const logStart = app.output.length;
    await admin.unsafe(`DROP DATABASE ${dbName} WITH (FORCE)`);

    const res = await app.json("/api/videos", { key });
    expect(res.status).toBe(500);
    const health = await app.json("/api/health");
    // The runner's and the dispatcher's polls fail too meanwhile: their lines are checked alike.
    await sleep(3_000);

    const lines = app.output
      .slice(logStart)
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, any>);
    const apiError = lines.find((l) => l.component === "api" && l.level === "error");
    expect(apiError, app.output.slice(logStart, logStart + 3000)).toBeDefined();
    expect(apiError!.err).toMatchObject({ type: "DrizzleQueryError", message: "a database query failed" });
    const cause = apiError!.err.cause as ErrFacts;
    expect(cause.code).toMatch(/^([0-9A-Z]{5}|E[A-Z]+|CONNECTION_[A-Z]+)$/);
    const errorKinds = lines.flatMap((l) => kinds(l.err));
    expect(errorKinds.length).toBeGreaterThan(0);
    for (const k of errorKinds) expect(k).toMatch(/^(DrizzleQueryError|PostgresError|SystemError|Error|[A-Z][A-Za-z]+Error)$/);

    expect(health.status).toBe(503);
    expect(health.body.checks.database).toMatch(/\((PostgreSQL [0-9A-Z]{5}|[A-Z_]+)\)$/);
    const keyHash = crypto.createHash("sha256").update(key).digest("hex");
    const text = app.output.slice(logStart) + JSON.stringify(health.body);
    for (const leak of [keyHash, key, "Failed query", "params:", "select ", "key_hash"]) expect(text).not.toContain(leak);
  });
});
