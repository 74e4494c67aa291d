// npm test: lint and the type check, the vitest suites (unit + API against real databases), the
// crash suite (the real server as child processes: kill -9, SIGTERM, full disk, abuse), the check
// that the OpenAPI document declares every answer the routes gave in those suites, then the
// Playwright specs in Debian Chromium against the production server. Fails if any fails.
// CI keeps only the tail of the log, so the failing vitest tests are named again at the very end
// (from vitest's JSON report) rather than only where they happened, minutes of output earlier.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const run = (cmd, args, env = process.env) => {
  const t0 = Date.now();
  const status = spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
  console.log(`\n== ${cmd} ${args.join(" ")}: exit ${status} after ${Math.round((Date.now() - t0) / 1000)} s ==\n`);
  return status;
};

/** `run` with `nodeDir` (when given) first on PATH, so the command and its children run on that Node. */
function runOn(nodeDir, cmd, args) {
  if (!nodeDir) return run(cmd, args);
  const env = { ...process.env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` };
  const version = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout?.trim();
  if (!version) {
    console.error(`E2E_NODE_DIR=${nodeDir} holds no working node`);
    return 1;
  }
  console.log(`\n== on Node ${version} from ${nodeDir} ==`);
  return run(cmd, args, env);
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "va-test-reports-"));
/** Runs a command, its output passed through as it comes and also kept (ANSI colours stripped). */
function runKeepingOutput(cmd, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["inherit", "pipe", "pipe"], env: process.env });
    const chunks = [];
    child.stdout.on("data", (c) => (process.stdout.write(c), chunks.push(c)));
    child.stderr.on("data", (c) => (process.stderr.write(c), chunks.push(c)));
    child.on("close", (code) => {
      const status = code ?? 1;
      console.log(`\n== ${cmd} ${args.join(" ")}: exit ${status} after ${Math.round((Date.now() - t0) / 1000)} s ==\n`);
      resolve({ status, output: Buffer.concat(chunks).toString("utf8").replace(/\x1b\[[0-9;]*m/g, "") });
    });
  });
}

const vitest = async (name, extra) => {
  const report = path.join(reports, `${name.replace(/\W+/g, "-")}.json`);
  const { status, output } = await runKeepingOutput("npx", ["vitest", "run", ...extra, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  return { name, status, report, output };
};

/** Vitest's "Unhandled Errors" block (errors outside any test fail the run without failing a test). */
function unhandledErrors(output) {
  const at = output.search(/⎯+ Unhandled (Errors?|Rejection)/);
  return at < 0 ? [] : output.slice(at).split("\n").slice(0, 40);
}

/** The failed tests (and files that failed outside any test) in a vitest JSON report, one line each. */
function failures(report) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(report, "utf8"));
  } catch {
    return ["(no JSON report: vitest stopped before writing it; see its output above)"];
  }
  const firstLine = (text) => String(text ?? "").split("\n").find((l) => l.trim()) ?? "";
  const lines = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) lines.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === "failed") lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines.length ? lines : ["(its report names no failed test: the run itself failed; see its output above)"];
}

// Every answer a route handler gives in the vitest suites is recorded here (tests/helpers/answer-log.ts)
// and checked against the OpenAPI document once they have run (scripts/check-api-answers.ts).
const answersDir = path.join(reports, "api-answers");
process.env.API_ANSWERS_DIR = answersDir;

const lint = run("npm", ["run", "lint"]);
if (lint !== 0) console.error("lint failed");
const types = run("npx", ["tsc", "--noEmit", "-p", "."]);
if (types !== 0) console.error("type check failed");
const unit = await vitest("vitest", []);
const crash = await vitest("crash suite", ["-c", "vitest.crash.config.mts"]);
const answers = run("npx", ["tsx", "--conditions=react-server", "scripts/check-api-answers.ts", answersDir]);
// E2E_NODE_DIR (CI sets it: scripts/ci/install-node22.sh) names a directory holding another Node's
// `node`: the browser suite, and with it the production build and server it starts, runs on that one.
const e2e = process.env.SKIP_E2E ? 0 : runOn(process.env.E2E_NODE_DIR, "npx", ["playwright", "test"]);
for (const suite of [unit, crash]) {
  if (suite.status === 0) continue;
  console.error(`${suite.name} failed:`);
  for (const line of failures(suite.report)) console.error(`  ✗ ${line.slice(0, 400)}`);
  for (const line of unhandledErrors(suite.output)) console.error(`  ! ${line.slice(0, 400)}`);
}
if (answers !== 0) console.error("check-api-answers failed: the OpenAPI document misses answers the routes gave");
if (e2e !== 0) console.error("playwright failed");
fs.rmSync(reports, { recursive: true, force: true });
process.exit(lint || types || unit.status || answers || crash.status || e2e);
