// POST /api/videos/import: a real HTTP file server on 127.0.0.1 (allowed here through
// IMPORT_ALLOW_PRIVATE_URLS=1) serves a generated clip, a 404, a web page, a file declaring more
// than 4 GB and a redirect chain; the import streams `import_progress` events, then the video is
// processed like an upload by the embedded runner. Failures end the video `failed` with a clear
// error; malformed or refused URLs are a 400 at once.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertUsageRecord } from "@/db/queries/usage";
import { runEvents } from "@/db/schema";
import { fetchToFile, ImportError } from "@/lib/imports/fetch-url";
import { startImportWorker, type ImportWorker } from "@/lib/imports/import-worker";
import { redirectLog } from "@/lib/log/logger";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { readSse, useHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { waitForStatus } from "../helpers/videos";

/** Cutting and processing with real ffmpeg on a shared, busy machine. */
const HEAVY_MS = 240_000;

useApiTestEnv("import");
process.env.IMPORT_ALLOW_PRIVATE_URLS = "1";
const app = useHttpServer();

let alice: TestUser;
let bob: TestUser;
let files: http.Server;
let base: string;
let clipBytes: Buffer;
let runner: EmbeddedRunner;
let worker: ImportWorker;

function serveFiles(): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    const p = url.pathname;
    if (p === "/clip.mp4") {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": clipBytes.length });
      // in pieces, so progress is seen while it streams
      let i = 0;
      const step = Math.ceil(clipBytes.length / 4);
      const more = () => {
        if (i >= clipBytes.length) return void res.end();
        res.write(clipBytes.subarray(i, (i += step)));
        setTimeout(more, 20);
      };
      return more();
    }
    if (p === "/download") {
      // no extension, a video Content-Type, no Content-Length (chunked)
      res.writeHead(200, { "content-type": "video/mp4" });
      return void res.end(clipBytes);
    }
    if (p === "/page.html") {
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end("<html><body>not a video</body></html>");
    }
    if (p === "/fake.mp4") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return void res.end("this is text, not a video at all".repeat(10));
    }
    if (p === "/huge.mp4") {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(5 * 1024 ** 3) });
      res.write(Buffer.alloc(1024));
      return; // never ends: the client must give up on the declared length alone
    }
    if (p === "/slow.mp4") {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": clipBytes.length });
      res.write(clipBytes.subarray(0, 1000));
      return; // the rest never comes (the test deletes the video meanwhile)
    }
    if (p === "/endless") {
      res.writeHead(200, { "content-type": "video/mp4" });
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        if (res.destroyed) return;
        if (res.write(chunk)) setImmediate(pump);
        else res.once("drain", pump);
      };
      return pump();
    }
    const hop = /^\/hop\/(\d+)$/.exec(p);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : "/clip.mp4" });
      return void res.end();
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("missing");
  });
}

beforeAll(async () => {
  alice = await makeUser("alice-import@example.com");
  bob = await makeUser("bob-import@example.com");
  clipBytes = fs.readFileSync(makeClip("import-src", { seconds: 4 }));
  files = serveFiles();
  await new Promise<void>((r) => files.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const db = await getDb();
  worker = startImportWorker(db, { pollMs: 100 });
  runner = new EmbeddedRunner(db, { pollMs: 50 }).start();
});

afterAll(async () => {
  await worker?.shutdown();
  await runner?.stop();
  files?.closeAllConnections();
  await new Promise((r) => files?.close(r));
});

const importUrl = (user: TestUser, body: Record<string, unknown>) => call("POST", "/videos/import", { auth: user.api_key, body: { modules: ["shots"], ...body } });

describe("POST /api/videos/import", () => {
  it("202 importing; import_progress events stream, then the run's events; the video is processed like an upload", async () => {
    const res = await importUrl(alice, { url: `${base}/clip.mp4`, initial_prompt: "about colours" });
    expect(res.status, res.text).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(["job_id", "message", "status"]);
    expect(res.body.status).toBe("importing");
    const jobId = res.body.job_id;
    const stream = await fetch(`${app.url}/api/processing/${jobId}/events`, { headers: { authorization: alice.api_key } });
    expect(stream.status).toBe(200);
    const { events, ended } = await readSse(stream);
    expect(ended).toBe(true);
    const progress = events.filter((e) => e.type === "import_progress");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ job_id: jobId, bytes: clipBytes.length, total: clipBytes.length, percent: 100 });
    const types = events.map((e) => e.type);
    expect(types.indexOf("module_started")).toBeGreaterThan(types.lastIndexOf("import_progress"));
    expect(events.at(-1)).toMatchObject({ type: "done", status: "completed" });

    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(video.status).toBe("completed");
    expect(video.name).toBe("clip.mp4");
    expect(video.duration).toBeGreaterThan(3.5);
    expect(video.file_size).toBe(clipBytes.length);
    expect(video.storage_path).toMatch(new RegExp(`^users/${alice.user_id}/clip(_[0-9a-f]{6})?\\.mp4$`));
    const stored = await getStorage().getBytes(video.storage_path);
    expect(stored.equals(clipBytes)).toBe(true);
    const results = await call("GET", `/results/job/${jobId}`, { auth: alice.api_key });
    expect(results.status).toBe(200);
    // counted against the allowance like an upload
    const usage = await call("GET", "/usage/summary", { auth: alice.api_key });
    expect(usage.body.total_jobs).toBe(1);
    expect(usage.body.total_minutes).toBeCloseTo(video.duration / 60, 3);
  }, HEAVY_MS);

  it("follows up to 3 redirects; a URL without an extension is a video by its Content-Type; file_name names it", async () => {
    const redirected = await importUrl(alice, { url: `${base}/hop/2` });
    expect(redirected.status).toBe(202);
    const named = await importUrl(alice, { url: `${base}/download`, file_name: "my holiday.mp4" });
    expect(named.status).toBe(202);
    for (const r of [redirected, named]) expect((await waitForStatus(alice.api_key, r.body.job_id)).status).toBe("completed");
    const video = (await call("GET", `/videos/${named.body.job_id}`, { auth: alice.api_key })).body;
    expect(video.name).toBe("my holiday.mp4");
    expect(video.storage_path).toMatch(/my_holiday(_[0-9a-f]{6})?\.mp4$/);
  }, HEAVY_MS);

  it("a 404, a web page, a file that is not a video, more than 4 GB declared, or more than 3 redirects end the video failed with a clear error", async () => {
    const cases: [string, RegExp][] = [
      [`${base}/missing.mp4`, /^The URL answered 404/],
      [`${base}/page.html`, /does not point to a video \(Content-Type text\/html/],
      [`${base}/fake.mp4`, /not a readable video/],
      [`${base}/huge.mp4`, /^File too large \(maximum 4 GB\)$/],
      [`${base}/hop/3`, /Too many redirects \(more than 3\)/],
    ];
    for (const [url, error] of cases) {
      const res = await importUrl(alice, { url });
      expect(res.status, url).toBe(202);
      const status = await waitForStatus(alice.api_key, res.body.job_id, ["failed", "completed"], 40_000);
      expect(status.status, url).toBe("failed");
      expect(status.error, url).toMatch(error);
    }
    const notes = await call("GET", "/notifications", { auth: alice.api_key });
    expect(notes.body.some((n: any) => n.title === "Import failed" && n.type === "error")).toBe(true);
  }, HEAVY_MS);

  it("a failed import is logged (warn) with the URL's host and the reason, never its path or query", async () => {
    const lines: Record<string, any>[] = [];
    const restore = redirectLog({ write: (line) => lines.push(JSON.parse(line)) }, "info");
    try {
      for (const url of [`${base}/missing.mp4?token=sekrit-404`, "http://no-such-host.invalid/clip.mp4?token=sekrit-dns"]) {
        const res = await importUrl(alice, { url });
        expect(res.status, url).toBe(202);
        expect((await waitForStatus(alice.api_key, res.body.job_id, ["failed", "completed"], 40_000)).status, url).toBe("failed");
      }
    } finally {
      restore();
    }
    const failures = lines.filter((l) => l.component === "imports" && l.level === "warn");
    expect(failures.map((l) => [l.host, l.reason])).toEqual([
      [new URL(base).host, "The URL answered 404 Not Found"],
      ["no-such-host.invalid", "Could not fetch the URL: the host no-such-host.invalid was not found"],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/sekrit|missing\.mp4|clip\.mp4/);
  }, HEAVY_MS);

  it("bytes are counted while streaming: a body without Content-Length beyond the limit is cut off", async () => {
    const dest = `${process.env.DATA_DIR}/endless.bin`;
    await expect(fetchToFile(`${base}/endless`, dest, { maxBytes: 1_000_000 })).rejects.toThrow(ImportError);
    await expect(fetchToFile(`${base}/endless`, dest, { maxBytes: 1_000_000 })).rejects.toThrow(/^File too large/);
    expect(fs.statSync(dest).size).toBeLessThanOrEqual(1_000_000);
  }, HEAVY_MS);

  it("400 at once for a malformed, non-http, credentialed or (by default) private URL, a bad file name or module", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: "not a url" }, /^url: must be an absolute http or https URL$/],
      [{ url: "ftp://example.com/a.mp4" }, /^url: must use http or https$/],
      [{ url: "http://user:pw@example.com/a.mp4" }, /^url: must not contain credentials$/],
      [{ url: `${base}/clip.mp4`, file_name: "x.exe" }, /^Unsupported file extension: \.exe$/],
      [{ url: `${base}/clip.mp4`, modules: ["nope"] }, /modules/],
      [{ url: "" }, /^url/],
      [{ modules: ["shots"] }, /^url: is required$/],
    ];
    for (const [body, detail] of cases) {
      const res = await importUrl(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    delete process.env.IMPORT_ALLOW_PRIVATE_URLS;
    try {
      for (const url of [`${base}/clip.mp4`, "http://localhost:1/a.mp4", "http://10.1.2.3/a.mp4", "http://169.254.169.254/latest", "http://[::1]/a.mp4", "http://192.168.0.1/a.mp4"]) {
        const res = await importUrl(alice, { url });
        expect(res.status, url).toBe(400);
        expect(res.body.detail).toBe("url: must not point to a loopback, private or link-local address");
      }
    } finally {
      process.env.IMPORT_ALLOW_PRIVATE_URLS = "1";
    }
    const anon = await call("POST", "/videos/import", { body: { url: `${base}/clip.mp4`, modules: [] } });
    expect(anon.status).toBe(401);
  }, HEAVY_MS);

  it("404 for another user's project; 402 when the allowance is used up (nothing is created)", async () => {
    const project = await call("POST", "/projects", { auth: bob.api_key, body: { name: "bob's" } });
    expect(project.status).toBe(201);
    const foreign = await importUrl(alice, { url: `${base}/clip.mp4`, project_id: project.body.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe("Project not found");

    const mine = await importUrl(bob, { url: `${base}/clip.mp4`, project_id: project.body.id });
    expect(mine.status).toBe(202);
    expect((await waitForStatus(bob.api_key, mine.body.job_id)).status).toBe("completed");
    expect((await call("GET", `/videos/${mine.body.job_id}`, { auth: bob.api_key })).body.project_id).toBe(project.body.id);

    const db = await getDb();
    await insertUsageRecord(db, { userId: bob.user_id, jobId: mine.body.job_id, action: "process", durationMinutes: 3000, processingTime: 1, modules: [] });
    const before = (await call("GET", "/videos", { auth: bob.api_key })).body.length;
    const refused = await importUrl(bob, { url: `${base}/clip.mp4` });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe("Processing allowance exhausted");
    expect((await call("GET", "/videos", { auth: bob.api_key })).body.length).toBe(before);
  }, HEAVY_MS);

  it("an importing video is listed with status importing; deleting it stops the import", async () => {
    const res = await importUrl(alice, { url: `${base}/slow.mp4` });
    expect(res.status).toBe(202);
    const db = await getDb();
    const deadline = Date.now() + 20_000;
    while (!(await db.select().from(runEvents).where(and(eq(runEvents.jobId, res.body.job_id), eq(runEvents.type, "import_progress")))).length) {
      if (Date.now() > deadline) throw new Error("no import_progress event");
      await new Promise((r) => setTimeout(r, 50));
    }
    const listed = await call("GET", "/videos?status=importing", { auth: alice.api_key });
    expect(listed.status).toBe(200);
    expect(listed.body.map((v: any) => v.job_id)).toEqual([res.body.job_id]);
    expect(listed.body[0].status).toBe("importing");
    const busy = await call("POST", `/processing/${res.body.job_id}/start`, { auth: alice.api_key, body: {} });
    expect(busy.status).toBe(409);
    expect((await call("DELETE", `/videos/${res.body.job_id}`, { auth: alice.api_key })).status).toBe(200);
    const stopDeadline = Date.now() + 20_000;
    while (worker.busy > 0) {
      if (Date.now() > stopDeadline) throw new Error("the import of a deleted video kept running");
      await new Promise((r) => setTimeout(r, 100));
    }
  }, HEAVY_MS);
});
