// `npm start`'s start-up as an operator sees it (node scripts/start.mjs, the built app): a bad
// setting stops it with the schema's message and status 78 before Next starts (no "Ready" first),
// PORT included; while the database is still being retried at start-up, /api/ping answers.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AppProcess, until } from "./app-process";

const dirs: string[] = [];
const apps: AppProcess[] = [];
afterAll(async () => {
  for (const a of apps) await a.kill9();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function start(port: number, env: Record<string, string>): AppProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-start-up-"));
  dirs.push(dataDir);
  const app = AppProcess.start({ port, dataDir, env });
  apps.push(app);
  return app;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe("npm start", () => {
  it("a bad setting: the schema's message and exit 78, and Next never says Ready", async () => {
    const app = start(4241, { RATE_LIMIT_PER_MINUTE: "abc" });
    const { code } = await app.exited;
    expect(code).toBe(78);
    expect(app.output).toContain('RATE_LIMIT_PER_MINUTE must be a whole number ≥ 1 (got "abc")');
    expect(app.output).not.toMatch(/Ready|Next\.js/);
  });

  it("PORT=notaport: the schema's message and exit 78, not Next's", async () => {
    const app = start(4242, { PORT: "notaport" });
    const { code } = await app.exited;
    expect(code).toBe(78);
    expect(app.output).toContain('PORT must be a whole number ≥ 1 (got "notaport")');
    expect(app.output).not.toMatch(/Ready|Next\.js|Invalid port/i);
  });

  it("/api/ping answers while the database is still being retried; the retries and the end name the cause", async () => {
    const app = start(4243, { DATABASE_URL: `postgres://app@127.0.0.1:${await closedPort()}/app` });
    await until("a start-up retry", () => /start-up failed \(connection refused \(ECONNREFUSED\)\); retrying/.test(app.output), 120_000);
    const ping = await app.fetch("/api/ping", { signal: AbortSignal.timeout(5_000) });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ ok: true });
    // Still retrying (not booted): the answer came from a process that is not ready yet.
    expect(app.output).not.toMatch(/database ready/);
    const { code } = await app.exited;
    expect(code).toBe(1);
    expect(app.output).toContain("The app could not start: connection refused (ECONNREFUSED)");
    expect(app.output).not.toMatch(/Failed query|params:/);
  });
});
