// Crashes with the embedded database: the real app (`node scripts/start.mjs`) killed with -9 mid-run
// and mid-upload and restarted at once, stopped with SIGTERM, a video deleted mid-run. Prints the
// measured restart-to-resume seconds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClip } from "../helpers/media";
import {
  AppProcess, jobStatus, livingGroupMembers, processesMentioning, readEvents, report, startRun, until, uploadAndRegister,
} from "./app-process";

const PORT = 3210;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-crash-pglite-"));
// Shots first, then modules that take a while (OCR per shot), so a kill lands mid-run.
const MODULES = ["shots", "scenes", "visualelements", "transcription"];
let app: AppProcess;
let key: string;
let clip: string;

const start = () => AppProcess.start({ port: PORT, dataDir, env: { RATE_LIMIT_PER_MINUTE: "100000" } });

/**
 * Starts the app again at once and waits for the first event of the run beyond the `seen` ones
 * its stream replays; prints restart→healthy and restart→resume.
 */
async function restartAndAwaitResume(jobId: string, seen: number, label: string) {
  const restartAt = Date.now();
  app = start();
  const healthy = await app.waitHealthy();
  const after = readEvents(app, jobId, key);
  await until("an event of the resumed run", () => after.events.length > seen, 40_000, 50);
  report(`restart to healthy (PGlite, ${label})`, healthy);
  report(`restart to resume (PGlite, ${label})`, (after.events[seen]!.at - restartAt) / 1000);
  return after;
}

beforeAll(async () => {
  clip = makeClip("crash-long", { seconds: 24, size: "640x360", subtitles: [{ start: 0.5, end: 3, text: "=SUM(1) & more" }] });
  // Only the JWT key of Clerk: the browser still signs in locally, so a local key must be printed.
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  app = AppProcess.start({
    port: PORT,
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000", CLERK_JWT_KEY: publicKey.export({ type: "spki", format: "pem" }).toString() },
  });
  await app.waitHealthy();
  key = (await until("the first start's API key", () => app.apiKey(), 10_000))!;
});

afterAll(async () => {
  await app?.kill9();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("first start", () => {
  it("prints a local API key when only CLERK_JWT_KEY is set (the browser signs in locally)", async () => {
    expect(key).toMatch(/^svc_live_[0-9a-f]{64}$/);
    expect((await app.json("/api/keys", { key })).status).toBe(200);
  });
});

describe("kill -9 mid-run, restart at once", () => {
  it("resumes the run at once, serves uploads and renditions, completes once", async () => {
    const { jobId } = await uploadAndRegister(app, key, clip, "long.mp4");
    const sse = readEvents(app, jobId, key);
    await startRun(app, key, jobId, MODULES);
    await until("a first module to complete", () => sse.events.some((e) => e.data.type === "module_completed"), 120_000);
    await app.kill9();
    sse.close();
    const seen = sse.events.length; // the restarted stream replays these first

    (await restartAndAwaitResume(jobId, seen, "kill -9 mid-run")).close();
    // Taken over at start-up, not after the dead process's lease ran out.
    expect(app.output).toMatch(/resuming 1 interrupted run/);

    // Presigned uploads and downloads work on the restarted process while the run goes on (#2).
    const other = await uploadAndRegister(app, key, makeClip("crash-small", { seconds: 2 }), "small.mp4");
    expect(other.jobId).toMatch(/^[0-9a-f-]{36}$/);

    await until("the run to finish", async () => ["completed", "failed"].includes((await jobStatus(app, key, jobId)).status), 150_000, 250);
    const status = await jobStatus(app, key, jobId);
    expect(status.status, JSON.stringify(status)).toBe("completed");
    const video = await app.json(`/api/videos/${jobId}`, { key });
    const thumb = await app.fetch(new URL(video.body.thumbnail_url).pathname + new URL(video.body.thumbnail_url).search);
    expect([200, 302]).toContain(thumb.status);
    if (thumb.status === 302) expect((await fetch(thumb.headers.get("location")!)).status).toBe(200);
    const usage = await app.json("/api/usage", { key });
    expect(JSON.stringify(usage.body)).toBeTruthy();
    expect(fs.existsSync(path.join(dataDir, "work", jobId))).toBe(false);

    // The report escapes (CSV formula, WebVTT entities) on what the run produced.
    const csv = await (await app.fetch(`/api/download/report/${jobId}?module=transcription&format=csv`, { key })).text();
    expect(csv).toContain(`,'=SUM(1) & more,`);
    const vtt = await (await app.fetch(`/api/download/report/${jobId}?module=transcription&format=vtt`, { key })).text();
    expect(vtt).toContain("=SUM(1) &amp; more");
  });
});

describe("kill -9 mid-upload", () => {
  it("the partial upload is removed at the next start", async () => {
    const url = await app.json("/api/storage/upload-url", { method: "POST", key, body: { file_name: "cut.mp4" } });
    const total = 64 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024).fill(7);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (sent >= total) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const put = fetch(url.body.upload_url, { method: "PUT", headers: { "content-type": "video/mp4", "content-length": String(total) }, body, duplex: "half" } as RequestInit).catch(() => null);
    const tmp = path.join(dataDir, "storage", ".tmp");
    await until("a partial upload on disk", () => fs.existsSync(tmp) && fs.readdirSync(tmp).some((f) => fs.statSync(path.join(tmp, f)).size > 4 * 1024 * 1024), 30_000);
    await app.kill9();
    await put;
    expect(fs.readdirSync(tmp).length).toBeGreaterThan(0);
    app = start();
    await app.waitHealthy();
    await until("the partial upload to be swept", () => fs.readdirSync(tmp).length === 0, 10_000);
  });
});

describe("SIGTERM to the top process", () => {
  it("stops the whole tree within 10 s mid-run, and the next start resumes at once", async () => {
    const { jobId } = await uploadAndRegister(app, key, clip, "term.mp4");
    const sse = readEvents(app, jobId, key);
    await startRun(app, key, jobId, MODULES);
    await until("a first module to complete", () => sse.events.some((e) => e.data.type === "module_completed"), 120_000);
    const pgid = app.pid;
    const t0 = Date.now();
    process.kill(app.pid, "SIGTERM");
    await until("the tree to be gone", () => livingGroupMembers(pgid).length === 0, 12_000, 20);
    const stopped = (Date.now() - t0) / 1000;
    report("SIGTERM to all processes gone", stopped);
    expect(stopped).toBeLessThan(10);
    await sse.ended; // the open SSE stream ended
    const seen = sse.events.length; // the restarted stream replays these first
    expect(await fetch(`${app.base}/api/health`).catch(() => null)).toBeNull();

    const after = await restartAndAwaitResume(jobId, seen, "after SIGTERM");
    expect(after.events[seen]!.data.type).toMatch(/^module_/);
    after.close();
  });
});

describe("DELETE /api/videos/{job_id} mid-run", () => {
  it("kills its ffmpeg at once, ends its event stream with done, leaves no work files, logs no stack", async () => {
    const { jobId } = await uploadAndRegister(app, key, clip, "delete-me.mp4");
    const sse = readEvents(app, jobId, key);
    await startRun(app, key, jobId, MODULES);
    await until("ffmpeg working on the run", () => processesMentioning(dataDir).length > 0 || sse.events.some((e) => e.data.type === "module_started"), 120_000, 20);
    const logBefore = app.output.length;
    const t0 = Date.now();
    expect((await app.json(`/api/videos/${jobId}`, { method: "DELETE", key })).status).toBe(200);
    await until("the stream to end", async () => (await Promise.race([sse.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 100))])) as boolean, 10_000);
    report("delete to stream end", (Date.now() - t0) / 1000);
    expect(sse.events.at(-1)?.data).toMatchObject({ type: "done", status: "failed" });
    await until("no ffmpeg left on the data directory", () => processesMentioning(dataDir).length === 0, 5_000, 50);
    await until("its work directory to be gone", () => !fs.existsSync(path.join(dataDir, "work", jobId)), 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    // A stack in a plain line, or inside a JSON log line (`\n    at` escaped).
    expect(app.output.slice(logBefore)).not.toMatch(/\n\s+at |\\n\s+at |violates foreign key/);
  });
});
