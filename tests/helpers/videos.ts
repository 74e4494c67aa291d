// Puts generated clips into storage and registers them, the way a client would after an upload.
import path from "node:path";
import { expect } from "vitest";
import { getStorage } from "@/lib/storage";
import { call } from "./api";

export async function storeFile(userId: string, file: string, name = path.basename(file)): Promise<string> {
  const key = `users/${userId}/${name}`;
  await getStorage().putFile(key, file, "video/mp4");
  return key;
}

export async function registerClip(user: { user_id: string; api_key: string }, file: string, name?: string): Promise<string> {
  const key = await storeFile(user.user_id, file, name ?? `${Math.random().toString(36).slice(2, 8)}-${path.basename(file)}`);
  const res = await call("POST", "/processing/register-upload", { auth: user.api_key, body: { file_path: key } });
  expect(res.status, res.text).toBe(200);
  return res.body.job_id as string;
}

export async function waitForStatus(
  auth: string,
  jobId: string,
  statuses: string[] = ["completed", "failed"],
  timeoutMs = 90_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/processing/${jobId}/status`, { auth });
    if (statuses.includes(res.body.status)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts processing a registered video with these modules and waits until it has completed (a runner must be running). */
export async function processToCompletion(user: { api_key: string }, jobId: string, modules: string[]): Promise<any> {
  const start = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: JSON.stringify(modules) } });
  expect(start.status, start.text).toBe(200);
  const done = await waitForStatus(user.api_key, jobId);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  return done;
}
