// Fetches a video from a URL into a local file: redirects followed by hand (at most 3, each
// checked by the guard again), at most 4 GB (the declared Content-Length and the bytes counted as
// they arrive), a video by its extension or Content-Type, 30 s to connect and 30 s at most between
// two pieces of the body. Failures are `ImportError`s whose message a person can read.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { FILE_TOO_LARGE } from "@/lib/videos/register-upload";
import { isSupportedExtension } from "@/lib/storage/paths";
import { importLookup, importUrlProblem } from "./import-url-guard";
import { item } from "@/lib/core/item";

export const MAX_IMPORT_REDIRECTS = 3;
export const IMPORT_TIMEOUT_MS = 30_000;

export class ImportError extends Error {}

export interface FetchedFile {
  /** The URL the file came from (after redirects). */
  url: URL;
  contentType: string;
  bytes: number;
}

export interface FetchOptions {
  maxBytes: number;
  /** A name that decides, by its extension, that this is a video (else the URL's or the Content-Type). */
  fileName?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (bytes: number, total: number | null) => void;
}

const VIDEO_TYPE = /^(video\/|application\/(x-mpegurl|vnd\.rn-realmedia|x-matroska|mp4|ogg)\b)/i;

function lastSegment(url: URL): string {
  try {
    return decodeURIComponent(path.posix.basename(url.pathname));
  } catch {
    return path.posix.basename(url.pathname);
  }
}

function looksLikeVideo(url: URL, contentType: string, fileName?: string): boolean {
  if (VIDEO_TYPE.test(contentType)) return true;
  return isSupportedExtension(fileName ?? "") || isSupportedExtension(lastSegment(url));
}

function request(url: URL, opts: FetchOptions): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  const timeout = opts.timeoutMs ?? IMPORT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "GET",
      lookup: importLookup,
      headers: { "user-agent": "video-analysis-import/1", accept: "video/*, */*;q=0.5" },
      signal: opts.signal,
      timeout,
    });
    req.on("timeout", () => req.destroy(new ImportError(`The server at ${url.host} did not answer within ${timeout / 1000} s`)));
    req.on("response", resolve);
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err instanceof ImportError || opts.signal?.aborted) return reject(err);
      if (err.code === "EBLOCKED") return reject(new ImportError(err.message));
      reject(new ImportError(`Could not fetch the URL: ${err.code === "ENOTFOUND" ? `the host ${url.hostname} was not found` : err.message}`));
    });
    req.end();
  });
}

/** Downloads `raw` into `dest`; rejects with an ImportError a person can read. */
export async function fetchToFile(raw: string, dest: string, opts: FetchOptions): Promise<FetchedFile> {
  let url = new URL(raw);
  for (let redirects = 0; ; redirects++) {
    const problem = await importUrlProblem(url.toString());
    if (problem) throw new ImportError(problem.replace(/^url: /, "The URL ") + (redirects ? " (after a redirect)" : ""));
    const res = await request(url, opts);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (redirects >= MAX_IMPORT_REDIRECTS) throw new ImportError(`Too many redirects (more than ${MAX_IMPORT_REDIRECTS})`);
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw new ImportError("The URL redirected to an invalid address");
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new ImportError(`The URL answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ""}`);
    }
    const contentType = item(String(res.headers["content-type"] ?? "").split(";"), 0).trim().toLowerCase();
    if (!looksLikeVideo(url, contentType, opts.fileName)) {
      res.destroy();
      throw new ImportError(`The URL does not point to a video (Content-Type ${contentType || "not given"}, no video file extension)`);
    }
    const declared = res.headers["content-length"] !== undefined ? Number(res.headers["content-length"]) : null;
    if (declared !== null && declared > opts.maxBytes) {
      res.destroy();
      throw new ImportError(FILE_TOO_LARGE);
    }
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > opts.maxBytes) return done(new ImportError(FILE_TOO_LARGE));
        opts.onProgress?.(bytes, declared);
        done(null, chunk);
      },
    });
    const idle = opts.timeoutMs ?? IMPORT_TIMEOUT_MS;
    res.setTimeout(idle, () => res.destroy(new ImportError(`The download stalled (nothing arrived for ${idle / 1000} s)`)));
    try {
      await pipeline(res, counter, fs.createWriteStream(dest), { signal: opts.signal });
    } catch (err) {
      if (err instanceof ImportError || opts.signal?.aborted) throw err;
      throw new ImportError(`The download broke off: ${(err as Error).message}`);
    }
    if (declared !== null && bytes < declared) throw new ImportError(`The download broke off after ${bytes} of ${declared} bytes`);
    return { url, contentType, bytes };
  }
}

/** The name to store the file under: the given one, else the URL's last part, with a video extension. */
export function importFileName(url: URL, contentType: string, given?: string): string {
  const base = given ?? (lastSegment(url) || "import");
  if (isSupportedExtension(base)) return base;
  const ext = /webm/.test(contentType) ? ".webm" : /quicktime/.test(contentType) ? ".mov" : /matroska/.test(contentType) ? ".mkv" : /ogg/.test(contentType) ? ".ogv" : ".mp4";
  return base + ext;
}
