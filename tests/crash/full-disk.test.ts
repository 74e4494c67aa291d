// A full disk: DATA_DIR on a small tmpfs (the suite runs as root; mount fails loudly otherwise).
// An upload bigger than the free space is 507 {detail}, declared or streamed, and leaves nothing
// behind; processing on a nearly full disk fails with a text that names no path of the machine,
// leaves no work files; the app keeps serving and space comes back.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClip } from "../helpers/media";
import { AppProcess, jobStatus, startRun, until, uploadAndRegister } from "./app-process";

const PORT = 3212;
const MB = 1024 * 1024;
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "va-crash-disk-"));
const dataDir = path.join(mountPoint, "data");
const filler = path.join(mountPoint, "filler");
let app: AppProcess;
let key: string;

const free = () => {
  const st = fs.statfsSync(mountPoint);
  return st.bavail * st.bsize;
};

/** Grows or shrinks the filler file so that about `bytes` stay free. */
function leaveFree(bytes: number): void {
  const current = fs.existsSync(filler) ? fs.statSync(filler).size : 0;
  const size = Math.max(0, current + free() - bytes);
  fs.rmSync(filler, { force: true });
  const fd = fs.openSync(filler, "w");
  const block = Buffer.alloc(MB, 1);
  for (let written = 0; written < size; written += MB) fs.writeSync(fd, block, 0, Math.min(MB, size - written));
  fs.closeSync(fd);
}

beforeAll(async () => {
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=160m", "tmpfs", mountPoint]);
  app = AppProcess.start({ port: PORT, dataDir, env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  await app.waitHealthy();
  key = (await until("the first start's API key", () => app.apiKey(), 10_000))!;
});

afterAll(async () => {
  await app?.kill9();
  // The kernel may still be letting go of the killed processes' files for a moment.
  for (let i = 0; i < 20; i++) {
    try {
      execFileSync("umount", [mountPoint], { stdio: "ignore" });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    execFileSync("umount", ["-l", mountPoint], { stdio: "ignore" });
  } catch {
    /* unmounted above */
  }
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

async function putBig(bytes: number, declared: boolean): Promise<{ status: number; body: any }> {
  const url = await app.json("/api/storage/upload-url", { method: "POST", key, body: { file_name: "big.mp4" } });
  const chunk = new Uint8Array(MB).fill(3);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= bytes) return c.close();
      sent += MB;
      c.enqueue(chunk);
    },
  });
  const headers: Record<string, string> = { "content-type": "video/mp4" };
  if (declared) headers["content-length"] = String(bytes);
  const res = await fetch(url.body.upload_url, { method: "PUT", headers, body, duplex: "half" } as RequestInit);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("uploads onto a full disk", () => {
  it("507 for an 80 MB PUT with 50 MB free (declared length), nothing left behind", async () => {
    leaveFree(50 * MB);
    const res = await putBig(80 * MB, true);
    expect(res.status).toBe(507);
    expect(res.body.detail).toMatch(/disk is full/);
    expect(free()).toBeGreaterThan(45 * MB);
  });

  it("507 when a streamed PUT (no length) runs out of space; the temp file is removed", async () => {
    const res = await putBig(80 * MB, false);
    expect(res.status).toBe(507);
    expect(res.body.detail).not.toMatch(/\//);
    expect(free()).toBeGreaterThan(45 * MB);
    expect(fs.readdirSync(path.join(dataDir, "storage", ".tmp"))).toEqual([]);
  });
});

describe("processing on a nearly full disk", () => {
  it("fails with a text naming no machine path, leaves no work files, and the app keeps serving", async () => {
    const { jobId } = await uploadAndRegister(app, key, makeClip("disk-clip", { seconds: 6, size: "640x360" }), "disk.mp4");
    leaveFree(256 * 1024);
    await startRun(app, key, jobId, ["shots", "scenes"]);
    await until("the run to end", async () => ["completed", "failed"].includes((await jobStatus(app, key, jobId)).status), 120_000, 250);
    const status = await jobStatus(app, key, jobId);
    console.log(`[crash-suite] a run with 256 kB free: ${status.status}${status.error ? ` (${status.error})` : ""}`);
    const notes = await app.json("/api/notifications", { key });
    const texts = JSON.stringify([status, notes.body]);
    expect(texts).not.toContain(mountPoint);
    expect(texts).not.toMatch(/\/(tmp|work|data|root|home)\//);
    if (status.status === "failed") expect(status.error).toBeTruthy();
    expect(fs.existsSync(path.join(dataDir, "work", jobId))).toBe(false);

    fs.rmSync(filler, { force: true });
    const health = await app.json("/api/health");
    expect(health.body.status).toBe("healthy");
    const again = await uploadAndRegister(app, key, makeClip("disk-after", { seconds: 2 }), "after.mp4");
    expect(again.jobId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
