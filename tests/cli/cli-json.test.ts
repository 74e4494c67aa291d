// The CLI as a tool used from anywhere, by people and by scripts: run through npm from another
// directory (`npm --prefix <checkout> run cli`), its paths are that directory's (INIT_CWD), not
// the checkout's; with --json every outcome — results, exported files, help and every kind of
// error — is one JSON document on stdout (errors {"detail", "status"}) with the exit code; no
// command prints the help. Against the route handlers behind a real HTTP server, on a fresh database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { addEmbeddedVideo } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("cli-json");
const server = useHttpServer({ appUrl: true });
const checkout = process.cwd();
/** Where the user runs the CLI: not the checkout. */
const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "va-cli-elsewhere-"));

let alice: TestUser;
let jobId: string;

beforeAll(async () => {
  alice = await makeUser("cli-json@example.com");
  jobId = (
    await addEmbeddedVideo(alice, [{ module: "transcription", start: 1, end: 4, content: "The boats leave the harbour at dawn" }], {
      name: "Harbour.mp4",
      duration: 6,
      segmentSeconds: 3,
      metadata: null,
    })
  ).jobId;
  fs.copyFileSync(makeClip("cli-json-clip", { seconds: 2 }), path.join(elsewhere, "clip.mp4"));
});

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm --prefix <checkout> run --silent cli -- …args`, started in `elsewhere`. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["--prefix", checkout, "run", "--silent", "cli", "--", ...args], {
      cwd: elsewhere,
      env: { ...process.env, VA_URL: server.url, VA_API_KEY: alice.api_key, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") }));
  });
}

/** stdout is exactly one JSON document. */
function onlyJson(r: CliRun): any {
  expect(r.stdout.trim().length, r.stderr).toBeGreaterThan(0);
  return JSON.parse(r.stdout);
}

describe("paths are the caller's directory's (INIT_CWD)", () => {
  it("upload clip.mp4 from another directory uploads that file", async () => {
    const r = await cli(["upload", "clip.mp4", "--modules", "shots", "--json"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const [result] = onlyJson(r);
    expect(result).toMatchObject({ file: "clip.mp4", status: "queued" });
    expect(result.job_id).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);

  it("export -o x.vtt writes into the caller's directory, not the checkout", async () => {
    const r = await cli(["export", jobId, "--format", "vtt", "-o", "x.vtt", "--json"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const written = path.join(elsewhere, "x.vtt");
    expect(onlyJson(r)).toEqual({ job_id: jobId, format: "vtt", module: "transcription", file: written, bytes: fs.statSync(written).size });
    expect(fs.readFileSync(written, "utf8")).toMatch(/^WEBVTT[\s\S]*The boats leave the harbour at dawn/);
    expect(fs.existsSync(path.join(checkout, "x.vtt"))).toBe(false);
  }, 60_000);
});

describe("--json: one JSON document on stdout, whatever the outcome", () => {
  it("export --json wraps the file's text with its format", async () => {
    const r = await cli(["export", jobId, "--format", "srt", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const doc = onlyJson(r);
    expect(doc).toMatchObject({ job_id: jobId, format: "srt", module: "transcription" });
    expect(doc.content).toMatch(/^1\r?\n00:00:01,000 --> 00:00:04,000\r?\nThe boats leave the harbour at dawn/);
    const csv = onlyJson(await cli(["export", jobId, "--format", "csv", "--module", "transcription", "--json"]));
    expect(csv).toMatchObject({ format: "csv", module: "transcription" });
    expect(csv.content.split(/\r?\n/)[0]).toBe("id,job_id,module,start_time,end_time,content,metadata,created_at");
  }, 60_000);

  it("errors are {detail, status} with the exit code: the API's answer, a usage error, an unreachable server", async () => {
    const ghost = await cli(["status", GHOST, "--json"]);
    expect([ghost.code, onlyJson(ghost)]).toEqual([1, { detail: "Video not found", status: 404 }]);
    const usage = await cli(["export", jobId, "--format", "xml", "--json"]);
    expect([usage.code, onlyJson(usage)]).toEqual([2, { detail: "--format must be one of json, csv, srt, vtt", status: 0 }]);
    const badOption = await cli(["status", jobId, "--bogus", "--json"]);
    expect(badOption.code).toBe(2);
    expect(onlyJson(badOption)).toEqual({ detail: expect.stringContaining("--bogus"), status: 0 });
    const missing = await cli(["upload", "broken.mp4", "--json"]);
    expect([missing.code, onlyJson(missing)]).toEqual([2, { detail: "No such file: broken.mp4", status: 0 }]);
    const offline = await cli(["status", jobId, "--json", "--url", "http://127.0.0.1:9"]);
    expect(offline.code).toBe(1);
    expect(onlyJson(offline)).toEqual({ detail: expect.stringMatching(/^Could not reach the server/), status: 0 });
    const unknown = await cli(["frobnicate", "--json"]);
    expect([unknown.code, onlyJson(unknown)]).toEqual([2, { detail: 'Unknown command "frobnicate"; see npm run cli -- --help', status: 0 }]);
  }, 120_000);

  it("--help --json is {help}", async () => {
    const r = await cli(["export", "--help", "--json"]);
    expect(r.code).toBe(0);
    expect(onlyJson(r).help).toContain("npm run cli -- export <job_id>");
  }, 60_000);
});

describe("no command", () => {
  it("prints the main commands' help and exits 0, also with options only", async () => {
    const bare = await cli([]);
    expect(bare.code, bare.stderr).toBe(0);
    for (const command of ["upload", "status", "search", "ask", "export"]) expect(bare.stdout).toContain(`npm run cli -- ${command}`);
    const json = await cli(["--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect(onlyJson(json).help).toContain("npm run cli -- upload");
  }, 60_000);
});
