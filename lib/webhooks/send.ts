// One HTTP attempt: POST the signed body, 10 s for the whole exchange, redirects not followed (a
// 3xx counts as a failed attempt), the connection made only to an address the guard accepts.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { allowPrivateUrls, guardedLookup, isBlockedAddress } from "./url-guard";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface AttemptResult {
  status: number | null;
  durationMs: number;
  error: string | null;
  isSuccess: boolean;
}

export function postWebhook(params: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
}): Promise<AttemptResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): AttemptResult => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
    isSuccess: status !== null && status >= 200 && status < 300,
  });
  let url: URL;
  try {
    url = new URL(params.url);
  } catch {
    return Promise.resolve(done(null, "Invalid URL"));
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !allowPrivateUrls() && isBlockedAddress(host)) {
    return Promise.resolve(done(null, "Refused: the URL points to a loopback, private or link-local address"));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup,
        headers: {
          "content-type": "application/json",
          "user-agent": "video-analysis-webhooks/1",
          "content-length": Buffer.byteLength(params.body),
          ...params.headers,
        },
      },
      (res) => {
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) res.destroy();
        });
        const status = res.statusCode ?? null;
        const end = () =>
          finish(done(status, status !== null && status >= 300 && status < 400 ? `Redirect (${status}) not followed` : null));
        res.on("end", end);
        res.on("close", end);
        res.on("error", end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(done(null, `Timed out after ${Math.round((params.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000)} s`));
    }, params.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    req.on("error", (err: NodeJS.ErrnoException) => {
      const message = err.code === "EBLOCKED" ? `Refused: ${err.message}` : err.code ? `${err.code}: ${err.message}` : err.message;
      finish(done(null, message));
    });
    req.end(params.body);
  });
}
