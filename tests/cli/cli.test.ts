// The CLI's main job end to end against `npm start` on a fresh data directory (the production
// server as a child process, as in the crash suite, whose config runs this file and builds once):
// upload two generated clips (one large enough to go up in parts) with --watch until completed,
// then status, search, ask (offline answer) and export in every format — and the exit codes.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppProcess, until } from "../crash/app-process";
import { makeClip } from "../helpers/media";

const PORT = Number(process.env.CLI_TEST_PORT ?? 3216);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-cli-"));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "va-cli-files-"));
let app: AppProcess;
let key: string;
let small: string;
let large: string;
let jobId: string;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run --silent cli -- …args` with VA_URL and VA_API_KEY (unless `env` overrides them). */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "cli", "--", ...args], {
      cwd: process.cwd(),
      env: { ...process.env, VA_URL: app.base, VA_API_KEY: key, ...env },
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

/** A clip above the 32 MiB multipart threshold: 8 s of 720p test pattern at a high constant bitrate. */
function makeLargeClip(): string {
  const out = path.join(work, "large-clip.mp4");
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25:d=8",
    // Constant bitrate with filler data (nal-hrd=cbr): a test pattern alone compresses far below it.
    "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "40M", "-minrate", "40M", "-maxrate", "40M", "-bufsize", "2M", "-x264-params", "nal-hrd=cbr",
    "-pix_fmt", "yuv420p", out,
  ]);
  return out;
}

beforeAll(async () => {
  small = makeClip("cli-harbour", { seconds: 6, subtitles: [{ start: 1, end: 4, text: "The boats leave the harbour at dawn" }] });
  large = makeLargeClip();
  expect(fs.statSync(large).size).toBeGreaterThan(32 * 1024 * 1024);
  app = AppProcess.start({ port: PORT, dataDir, env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  await app.waitHealthy();
  key = (await until("the first start's API key", () => app.apiKey(), 10_000))!;
});

afterAll(async () => {
  await app?.kill9();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

describe("npm run cli -- upload --watch", () => {
  it("uploads both files (the large one in parts), follows every module to completed, exit 0", async () => {
    const r = await cli(["upload", small, large, "--modules", "shots,transcription", "--watch"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    jobId = lines[0]!.split(" ")[0]!;
    for (const line of lines) expect(line).toMatch(/^[0-9a-f-]{36}  completed /);
    expect(lines[0]).toMatch(/cli-harbour\.mp4 · shots \d+, transcription 1$/);
    // Progress bars: the files' bytes, then each module of each video, on stderr.
    expect(r.stderr).toMatch(/cli-harbour\.mp4 +\[#+\] 100%  uploaded · job /);
    expect(r.stderr).toMatch(/large-clip\.mp4 +\[#+\] 100%  uploaded · job /);
    expect(r.stderr).toMatch(/cli-harbour\.mp4 · shots +\[#+\] 100%  \d+ segments?$/m);
    expect(r.stderr).toMatch(/cli-harbour\.mp4 · transcription +\[#+\] 100%  1 segment$/m);
    // The large file really went up in parts: the server has a multipart upload's file.
    const videos = await app.json("/api/videos", { key });
    const big = videos.body.find((v: any) => v.name === "large-clip.mp4");
    expect(big.file_size).toBe(fs.statSync(large).size);
  });

  it("a module run only for a chosen one says so on its bar and is not among the counts", async () => {
    const r = await cli(["upload", small, "--modules", "grouped_shots", "--watch"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/cli-harbour\.mp4 · grouped_shots \d+$/);
    expect(r.stderr).toMatch(/cli-harbour\.mp4 · shots +\[#+\] 100%  done \(used by another module, not kept\)$/m);
  });

  it("--json prints one result per file; a missing file is a usage error (exit 2)", async () => {
    const missing = await cli(["upload", path.join(work, "nope.mp4")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("No such file");
    const badModule = await cli(["upload", small, "--modules", "shots,faces"]);
    expect(badModule.code).toBe(2);
    expect(badModule.stderr).toContain('unknown module "faces"');
    const bad = path.join(work, "notes.exe");
    fs.writeFileSync(bad, "not a video");
    const refused = await cli(["upload", bad, "--json"]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual([{ file: bad, job_id: null, status: "failed", error: "Unsupported file extension: .exe" }]);
  });
});

describe("npm run cli -- status / search / ask", () => {
  it("status: completed (exit 0); --json is the ProcessingStatus; an unknown job exits 1 with the API's detail", async () => {
    const r = await cli(["status", jobId]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${jobId}  completed  cli-harbour\\.mp4  00:06`));
    const j = await cli(["status", jobId, "--json"]);
    expect(JSON.parse(j.stdout)).toMatchObject({ job_id: jobId, status: "completed", error: null });
    const ghost = await cli(["status", "00000000-0000-4000-8000-000000000000"]);
    expect([ghost.code, ghost.stderr.trim()]).toEqual([1, "Error 404: Video not found"]);
  });

  it("search: the subtitle's words with a link to the moment; --json the API's results", async () => {
    const r = await cli(["search", "boats harbour", "--job", jobId, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const hits = JSON.parse(r.stdout);
    expect(hits[0]).toMatchObject({ job_id: jobId, module: "transcription", content: "The boats leave the harbour at dawn", start_time: 1 });
    const text = await cli(["search", "boats harbour", "--job", jobId, "--limit", "1"]);
    expect(text.stdout).toContain(`${app.base}/videos/${jobId}?t=1`);
    const badLimit = await cli(["search", "boats", "--limit", "1000"]);
    expect([badLimit.code, badLimit.stderr.trim()]).toEqual([1, "Error 400: limit: must be at most 200"]);
  });

  it("ask: an offline answer citing [mm:ss], and its session", async () => {
    const r = await cli(["ask", jobId, "When do the boats leave the harbour?"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\[00:0[1-4]/);
    expect(r.stdout).toMatch(/session: [0-9a-f-]{36}/);
    const usage = await cli(["ask", jobId]);
    expect(usage.code).toBe(2);
  });
});

describe("npm run cli -- export", () => {
  it("json (every module), csv (one module and all), srt and vtt, to a file or stdout", async () => {
    const jsonFile = path.join(work, "report.json");
    const j = await cli(["export", jobId, "--format", "json", "-o", jsonFile]);
    expect(j.code, j.stderr).toBe(0);
    const report = JSON.parse(fs.readFileSync(jsonFile, "utf8"));
    expect(report).toMatchObject({ job_id: jobId, video_name: "cli-harbour.mp4", status: "completed" });
    expect(report.modules.transcription).toHaveLength(1);
    expect(report.modules.shots.length).toBeGreaterThan(0);

    const shots = await cli(["export", jobId, "--format", "csv", "--module", "shots"]);
    const shotLines = shots.stdout.trim().split(/\r?\n/); // RFC 4180: CRLF
    expect(shotLines[0]).toBe("id,job_id,module,start_time,end_time,content,metadata,created_at");
    expect(shotLines.length).toBe(report.modules.shots.length + 1);
    const all = await cli(["export", jobId, "--format", "csv"]);
    const allLines = all.stdout.trim().split(/\r?\n/);
    expect(allLines.filter((l) => l.startsWith("id,job_id"))).toHaveLength(1);
    expect(allLines.some((l) => l.includes(",transcription,"))).toBe(true);
    expect(allLines.some((l) => l.includes(",shots,"))).toBe(true);

    const srt = await cli(["export", jobId, "--format", "srt"]);
    expect(srt.stdout).toMatch(/^1\r?\n00:00:01,000 --> 00:00:04,000\r?\nThe boats leave the harbour at dawn/);
    const vtt = await cli(["export", jobId, "--format", "vtt", "--module", "transcription"]);
    expect(vtt.stdout).toMatch(/^WEBVTT/);
    expect(vtt.stdout).toContain("The boats leave the harbour at dawn");

    const bad = await cli(["export", jobId, "--format", "xml"]);
    expect(bad.code).toBe(2);
  });

  it("--help on every command (exit 0); no key is a usage error (exit 2)", async () => {
    for (const command of ["upload", "status", "search", "ask", "export"]) {
      const r = await cli([command, "--help"]);
      expect(r.code, command).toBe(0);
      expect(r.stdout).toContain(`npm run cli -- ${command}`);
    }
    const admin = await cli(["user", "create", "--help"]);
    expect(admin.stdout).toContain("user create --email");
    const noKey = await cli(["status", jobId], { VA_API_KEY: "" });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("An API key is needed");
  });
});
