// Generated clips for the specs (real ffmpeg), and the API as a script would call it to get one
// processed before a page shows it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

/** The subtitle lines of `makeClip`, with their start times in seconds. */
export const CLIP_SUBTITLES = [
  { start: 0.3, end: 1.8, text: "Welcome to the red room" },
  { start: 2.2, end: 3.8, text: "Now everything is green" },
  { start: 4.2, end: 5.8, text: "And finally the blue sea" },
] as const;

const srtTime = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, "0")},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;

/**
 * 6 s of colour blocks (red, green, blue) with a hard cut every 2 s, a 440 Hz tone and, unless
 * `subtitles: false`, a mov_text subtitle track with CLIP_SUBTITLES. Returns the file's path.
 */
export function makeClip(name: string, opts: { subtitles?: boolean } = {}): string {
  const subtitles = opts.subtitles ?? true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-clip-"));
  const out = path.join(dir, `${name}.mp4`);
  const args = ["-v", "error", "-y"];
  for (const c of ["red", "green", "blue"]) args.push("-f", "lavfi", "-i", `color=c=${c}:s=320x180:r=25:d=2`);
  args.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=6");
  if (subtitles) {
    const srt = path.join(dir, "subs.srt");
    fs.writeFileSync(srt, CLIP_SUBTITLES.map((s, i) => `${i + 1}\n${srtTime(s.start)} --> ${srtTime(s.end)}\n${s.text}\n`).join("\n"));
    args.push("-i", srt);
  }
  args.push("-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]", "-map", "3:a");
  if (subtitles) args.push("-map", "4:s");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac");
  if (subtitles) args.push("-c:s", "mov_text");
  args.push(out);
  execFileSync("ffmpeg", args);
  return out;
}

/**
 * fetch, sent once more when it went out on a kept-alive socket the server had just closed
 * (undici: "other side closed" before any response, so the server never read the request).
 */
async function fetchRetryingStaleSocket(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== "UND_ERR_SOCKET") throw err;
    return fetch(url, init);
  }
}

/** The API with the user's key, as a script would call it (for setting up what the UI then shows). */
export function api(key: string) {
  const base = process.env.E2E_BASE_URL!;
  return async <T>(method: string, urlPath: string, body?: unknown): Promise<T> => {
    const res = await fetchRetryingStaleSocket(`${base}/api${urlPath}`, {
      method,
      headers: { Authorization: key, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** Uploads a file through a presigned URL and stores it, without processing. */
export async function uploadFile(key: string, file: string): Promise<{ file_path: string }> {
  const call = api(key);
  const target = await call<{ upload_url: string; file_path: string }>("POST", "/storage/upload-url", { file_name: path.basename(file) });
  const put = await fetchRetryingStaleSocket(target.upload_url, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: fs.readFileSync(file) });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  return { file_path: target.file_path };
}

/**
 * Uploads a clip, registers and processes it with `modules` (in a project when given), and waits
 * until the run completed.
 * Returns its job id.
 */
export async function processClip(
  key: string,
  file: string,
  opts: { modules: string[]; projectId?: string; timeoutMs?: number },
): Promise<string> {
  const call = api(key);
  const { file_path } = await uploadFile(key, file);
  const { job_id } = await call<{ job_id: string }>("POST", "/videos/register-and-process", {
    storage_path: file_path,
    modules: opts.modules,
  });
  if (opts.projectId) await call("PATCH", `/videos/${job_id}`, { project_id: opts.projectId });
  await expect
    .poll(async () => (await call<{ status: string }>("GET", `/processing/${job_id}/status`)).status, {
      timeout: opts.timeoutMs ?? 150_000,
      intervals: [250, 500, 1000],
    })
    .toBe("completed");
  return job_id;
}
