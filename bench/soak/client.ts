// The soak's user: what a careful script does with the API and an API key (README › The main job):
// an upload URL, the PUT of the file to it, register-and-process. Each POST carries an
// Idempotency-Key, so a retry after a lost answer (a database restart, a refused write) replays
// the first answer instead of making a second video. Answers 5xx, 429 and dropped connections are
// retried with backoff, alternating between the web processes as a load balancer would; any
// other answer ends the video's submission as a client-side failure (counted).
import crypto from "node:crypto";
import fs from "node:fs";
import { sleep } from "../../tests/crash/app-process";

export interface SubmitStats {
  /** Requests answered 5xx/429 or cut, then retried, by step. */
  retries: Record<string, number>;
  statuses: Record<string, number>;
}

export function newSubmitStats(): SubmitStats {
  return { retries: {}, statuses: {} };
}

const RETRY_FOR_MS = 180_000;

async function withRetries(
  step: string,
  stats: SubmitStats,
  attempt: (n: number) => Promise<Response>,
): Promise<{ status: number; body: any }> {
  const t0 = Date.now();
  for (let n = 0; ; n++) {
    let res: Response | null = null;
    try {
      res = await attempt(n);
    } catch {
      res = null; // connection refused or cut
    }
    const status = res?.status ?? 0;
    const text = res ? await res.text().catch(() => "") : "";
    stats.statuses[`${step} ${status}`] = (stats.statuses[`${step} ${status}`] ?? 0) + 1;
    if (res && status < 500 && status !== 429) {
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status, body };
    }
    if (Date.now() - t0 > RETRY_FOR_MS) return { status, body: text };
    stats.retries[step] = (stats.retries[step] ?? 0) + 1;
    await sleep(Math.min(5_000, 250 * 2 ** Math.min(n, 5)));
  }
}

export interface Submitted {
  jobId: string | null;
  /** Why the client gave up on this video (an unexpected answer), when it did. */
  error?: string;
}

/** Uploads `file` and queues it with `modules` through `bases` (web processes' base URLs). */
export async function submitVideo(opts: {
  bases: string[];
  first: number;
  key: string;
  file: string;
  name: string;
  modules: string[];
  stats: SubmitStats;
}): Promise<Submitted> {
  const { bases, key, stats } = opts;
  const base = (n: number) => bases[(opts.first + n) % bases.length]!;
  const post = (step: string, p: string, body: object) => {
    const idem = crypto.randomUUID();
    return withRetries(step, stats, (n) =>
      fetch(`${base(n)}${p}`, {
        method: "POST",
        headers: { authorization: key, "content-type": "application/json", "idempotency-key": idem },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      }),
    );
  };

  const url = await post("upload-url", "/api/storage/upload-url", { file_name: opts.name, content_type: "video/mp4" });
  if (url.status !== 200) return { jobId: null, error: `upload-url ${url.status}: ${JSON.stringify(url.body)}` };
  const bytes = fs.readFileSync(opts.file);
  const put = await withRetries("PUT", stats, () =>
    fetch(url.body.upload_url, { method: "PUT", headers: { "content-type": "video/mp4" }, body: bytes, signal: AbortSignal.timeout(60_000) }),
  );
  if (put.status !== 200) return { jobId: null, error: `PUT ${put.status}: ${String(put.body).slice(0, 200)}` };
  const reg = await post("register-and-process", "/api/videos/register-and-process", { storage_path: url.body.file_path, modules: opts.modules });
  if (reg.status !== 200 && reg.status !== 201) return { jobId: null, error: `register-and-process ${reg.status}: ${JSON.stringify(reg.body)}` };
  return { jobId: reg.body.job_id as string };
}
