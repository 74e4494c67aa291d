// Process roles: RUNNER_CONCURRENCY=0 makes a web-only process (HTTP, no jobs); `npm run worker`
// runs jobs without HTTP and refuses, with a reason and a non-zero exit, where it cannot work.
// (A web process and workers on one PostgreSQL: tests/crash/roles-postgres.test.ts.)
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { redirectLog } from "@/lib/log/logger";
import { embeddedRunner } from "@/lib/pipeline/embedded-runner";
import { env } from "@/lib/env";
import { startJobs } from "@/server/jobs";
import { workerRefusal } from "@/server/worker-refusal";
import { useApiTestEnv } from "../helpers/env";

const testDb = useApiTestEnv("roles");

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("RUNNER_CONCURRENCY", () => {
  it("0 means no runs in this process; unset means the default; a count is taken; not a count is refused by name", () => {
    vi.stubEnv("RUNNER_CONCURRENCY", "0");
    expect(env().RUNNER_CONCURRENCY).toBe(0);
    vi.stubEnv("RUNNER_CONCURRENCY", "3");
    expect(env().RUNNER_CONCURRENCY).toBe(3);
    vi.stubEnv("RUNNER_CONCURRENCY", "");
    expect(env().RUNNER_CONCURRENCY).toBeGreaterThanOrEqual(1);
    for (const v of ["abc", "-1", "1.5"]) {
      vi.stubEnv("RUNNER_CONCURRENCY", v);
      expect(() => env(), v).toThrow(/RUNNER_CONCURRENCY must be a whole number/);
    }
  });

  it("a web-only process starts no runner, and says why", async () => {
    vi.stubEnv("RUNNER_CONCURRENCY", "0");
    const lines: string[] = [];
    const restore = redirectLog({ write: (line) => lines.push(line) });
    try {
      const runner = await startJobs(testDb.handle());
      expect(runner).toBeNull();
    } finally {
      restore();
    }
    expect(embeddedRunner()).toBeUndefined();
    expect(lines.join("\n")).toMatch(/RUNNER_CONCURRENCY=0 with the embedded database: no process will run jobs/);
  });
});

describe("npm run worker", () => {
  it("without DATABASE_URL refuses with a message naming it and exits non-zero", () => {
    const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: "", npm_config_loglevel: "error" };
    const r = spawnSync("npm", ["run", "--silent", "worker"], { env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 120_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/The worker could not start: a worker needs DATABASE_URL/);
    expect(r.stdout + r.stderr).not.toMatch(/running jobs/);
  });

  it("refuses under Inngest and with RUNNER_CONCURRENCY=0; accepts a server database", () => {
    vi.stubEnv("DATABASE_URL", "postgres://db.example/video");
    vi.stubEnv("INNGEST_EVENT_KEY", "");
    vi.stubEnv("INNGEST_DEV", "");
    vi.stubEnv("RUNNER_CONCURRENCY", "");
    expect(workerRefusal()).toBeNull();
    vi.stubEnv("INNGEST_DEV", "1");
    expect(workerRefusal()).toMatch(/Inngest drives the pipeline/);
    vi.stubEnv("INNGEST_DEV", "");
    vi.stubEnv("RUNNER_CONCURRENCY", "0");
    expect(workerRefusal()).toMatch(/RUNNER_CONCURRENCY=0/);
  });
});
