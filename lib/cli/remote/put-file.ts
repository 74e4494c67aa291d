// PUT a file (or a byte range of it) to a presigned URL, streamed from disk with its exact
// Content-Length and the bytes sent reported as they go. node:http rather than fetch: fetch sends
// a streamed body chunked and reports no upload progress.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import { ApiClientError, detailOf } from "@/lib/client/typed-client";

export interface PutOptions {
  file: string;
  /** Byte range [start, end) of the file; the whole file by default. */
  start?: number;
  end?: number;
  contentType?: string;
  onBytes?: (sent: number) => void;
}

/** Resolves with the answer's headers (a part's ETag); a non-2xx answer is ApiClientError(detail). */
export function putFile(url: string, opts: PutOptions): Promise<http.IncomingHttpHeaders> {
  const start = opts.start ?? 0;
  const end = opts.end ?? fs.statSync(opts.file).size;
  const target = new URL(url);
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "Content-Length": end - start };
    if (opts.contentType) headers["Content-Type"] = opts.contentType;
    const req = send(target, { method: "PUT", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve(res.headers);
        else reject(new ApiClientError(status, detailOf(body, `Upload failed (${status})`)));
      });
    });
    req.on("error", (err) => reject(new ApiClientError(0, `Could not reach ${target.origin}: ${err.message}`)));
    let sent = 0;
    const stream = end > start ? fs.createReadStream(opts.file, { start, end: end - 1 }) : null;
    if (!stream) return void req.end();
    stream.on("data", (chunk) => {
      sent += chunk.length;
      opts.onBytes?.(sent);
    });
    stream.on("error", (err) => {
      req.destroy();
      reject(err);
    });
    stream.pipe(req);
  });
}
