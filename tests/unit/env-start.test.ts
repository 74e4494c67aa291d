// Start-up with a bad configuration value: the server's register() (instrumentation.ts, what Next
// calls first in the server process) stops the process with a non-zero status and the variable's
// name on stderr, before it opens a database or serves anything.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

function startWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-env-start-"));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_RUNTIME: "nodejs", DATA_DIR: dataDir };
  for (const k of Object.keys(childEnv)) if (/^(RATE_LIMIT|STORAGE_DRIVER|S3_)/.test(k)) delete childEnv[k];
  Object.assign(childEnv, env);
  const r = spawnSync(
    process.execPath,
    [TSX, "--conditions=react-server", "-e", "import('./instrumentation.ts').then((m) => m.register()).then(() => process.exit(0))"],
    { cwd: ROOT, encoding: "utf8", env: childEnv, timeout: 60_000 },
  );
  const dataDirUsed = fs.readdirSync(dataDir).length > 0;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { status: r.status, stderr: r.stderr, dataDirUsed };
}

describe("start-up with an invalid configuration", () => {
  it("RATE_LIMIT_PER_MINUTE=abc: exits non-zero, names the variable, opens nothing", () => {
    const r = startWith({ RATE_LIMIT_PER_MINUTE: "abc" });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain("RATE_LIMIT_PER_MINUTE");
    expect(r.stderr).toContain('"abc"');
    expect(r.dataDirUsed).toBe(false);
  });

  it("STORAGE_DRIVER=s3 without S3_BUCKET: exits non-zero naming S3_BUCKET", () => {
    const r = startWith({ STORAGE_DRIVER: "s3" });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain("S3_BUCKET is required when STORAGE_DRIVER=s3");
  });
});
