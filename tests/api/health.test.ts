// GET /api/health: 200 `healthy` while the database and storage work; 503 `degraded`, with the
// failing check's error text, while either is unusable (closed, throwing, not answering; the storage
// directory replaced by a file; the S3 bucket gone), and 200 again by itself once it works. The
// runner is reported (`ok`, `off`, `stopped`) without making the answer a 503. No credentials needed;
// /api/ping stays 200 throughout (liveness).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPglite, setDbHandle, type Db, type DbHandle } from "@/db/client";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { startEmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { localStorageRoot } from "@/lib/storage";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { startLocalS3 } from "../helpers/s3";

const testDb = useApiTestEnv("health");

afterEach(async () => {
  setDbHandle(testDb.handle());
  await resetRateLimits();
  vi.unstubAllEnvs();
});

/** This process runs no jobs: the runner check is `off` and the answer depends on database and storage. */
const noRunnerHere = () => vi.stubEnv("RUNNER_CONCURRENCY", "0");

const HEALTHY = { status: "healthy", checks: { api: "ok", database: "ok", storage: "ok", runner: "off" } };

describe("GET /api/health: the database", () => {
  it("200 healthy with a working database and storage", async () => {
    noRunnerHere();
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(HEALTHY);
  });

  it("503 degraded, with the cause (not the failed statement), when the database is closed; ping stays 200", async () => {
    noRunnerHere();
    const closed = await openPglite();
    await closed.close();
    const failure = await closed.db.execute(sql`select 1`).then(
      () => null,
      (err: Error) => err,
    );
    expect(failure, "a closed database should fail queries").toBeInstanceOf(Error);
    expect(failure!.message).toMatch(/^Failed query: select 1/); // drizzle's text, which health must not show
    const expected = "PGlite is closed";
    setDbHandle(closed);

    const res = await call("GET", "/health");
    expect(res.status).toBe(503);
    expect(res.body.status).toBe("degraded");
    expect(res.body.checks).toMatchObject({ api: "ok", storage: "ok", runner: "off" });
    expect(res.body.checks.database).toBe(expected);
    expect(res.body.checks.database.length).toBeGreaterThan(0);
    expect((await call("GET", "/ping")).status).toBe(200);
  }, 180_000); // opening a second database (migrations) is slow on a busy machine

  it("503 degraded when the database throws, with that error's text", async () => {
    noRunnerHere();
    const failing: DbHandle = {
      db: { execute: async () => Promise.reject(new Error("connection refused (test)")) } as unknown as Db,
      kind: "postgres",
      location: "postgres://nowhere/test",
      close: async () => {},
    };
    setDbHandle(failing);
    const res = await call("GET", "/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "degraded", checks: { ...HEALTHY.checks, database: "connection refused (test)" } });
  });

  it("503, not hanging, when the database does not answer", async () => {
    noRunnerHere();
    const stuck: DbHandle = {
      db: { execute: () => new Promise(() => {}) } as unknown as Db,
      kind: "postgres",
      location: "postgres://nowhere/test",
      close: async () => {},
    };
    setDbHandle(stuck);
    const res = await call("GET", "/health");
    expect(res.status).toBe(503);
    expect(res.body.status).toBe("degraded");
    expect(res.body.checks.database).toMatch(/did not answer/);
  });

  it("200 healthy again once the database is back", async () => {
    noRunnerHere();
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(HEALTHY);
  });

  it("needs no credentials, and bad credentials do not matter", async () => {
    noRunnerHere();
    for (const auth of [undefined, "garbage", "Bearer nope"]) {
      const res = await call("GET", "/health", { auth });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("healthy");
    }
  });
});

describe("GET /api/health: storage", () => {
  it("local: 503 while the storage directory is a file, 200 by itself once it is a directory again", async () => {
    noRunnerHere();
    const root = localStorageRoot();
    expect((await call("GET", "/health")).status).toBe(200);
    const aside = `${root}.aside`;
    fs.renameSync(root, aside);
    fs.writeFileSync(root, "not a directory");
    try {
      const res = await call("GET", "/health");
      expect(res.status).toBe(503);
      expect(res.body.status).toBe("degraded");
      expect(res.body.checks.database).toBe("ok");
      expect(res.body.checks.storage).not.toBe("ok");
      expect(res.body.checks.storage).toMatch(/EEXIST|ENOTDIR|not a directory/i);
      // The message names no path of the server.
      expect(res.body.checks.storage).not.toContain(path.dirname(root));
      expect((await call("GET", "/ping")).status).toBe(200);
    } finally {
      fs.rmSync(root);
      fs.renameSync(aside, root);
    }
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(HEALTHY);
    // The probe leaves nothing behind.
    const probes = path.join(root, ".health");
    expect(fs.existsSync(probes) ? fs.readdirSync(probes) : []).toEqual([]);
  });

  it("S3: 503 while the bucket is gone, 200 by itself once it is back", async () => {
    noRunnerHere();
    const s3 = await startLocalS3("health-bucket");
    try {
      s3.useAsStorage();
      for (const [k, v] of Object.entries(process.env)) if (/^(STORAGE_DRIVER|S3_|AWS_)/.test(k)) vi.stubEnv(k, v!);
      expect((await call("GET", "/health")).body).toEqual(HEALTHY);
      const bucketDir = path.join(s3.directory, s3.bucket);
      const aside = path.join(s3.directory, "aside");
      fs.renameSync(bucketDir, aside);
      const res = await call("GET", "/health");
      expect(res.status).toBe(503);
      expect(res.body.checks.storage).toMatch(/bucket/i);
      expect(res.body.checks.database).toBe("ok");
      fs.renameSync(aside, bucketDir);
      const back = await call("GET", "/health");
      expect(back.status).toBe(200);
      expect(back.body).toEqual(HEALTHY);
    } finally {
      vi.unstubAllEnvs();
      for (const k of Object.keys(process.env)) if (/^(STORAGE_DRIVER|S3_|AWS_)/.test(k)) delete process.env[k];
      await s3.close();
    }
  });
});

describe("GET /api/health: the runner", () => {
  it("`ok` while this process's runner runs, `stopped` (200 degraded) once it stopped", async () => {
    const runner = startEmbeddedRunner(testDb.handle().db, { concurrency: 1, pollMs: 60_000 });
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...HEALTHY, checks: { ...HEALTHY.checks, runner: "ok" } });
    await runner.stop();
    const after = await call("GET", "/health");
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ status: "degraded", checks: { ...HEALTHY.checks, runner: "stopped" } });
  });
});
