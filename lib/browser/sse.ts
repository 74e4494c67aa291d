// Requests the JSON client cannot make: the processing event stream (text/event-stream, which
// needs the Authorization header, so no EventSource) and file downloads read as a Blob.
import { api, ApiClientError, unwrapResponse } from "./api-client";
import { createSseParser } from "@/lib/client/sse-parser";
import { saveBlob } from "./save-file";

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/**
 * Downloads an authenticated file, saved through a Blob URL: `call` is a typed client call with
 * `parseAs: "stream"` (e.g. GET /download/report/{job_id}).
 */
export async function downloadWithAuth(call: Parameters<typeof unwrapResponse>[0], fallbackName: string): Promise<string> {
  const res = await unwrapResponse(call);
  const name = filenameFromDisposition(res.headers.get("content-disposition")) ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}

// ---- The processing event stream -------------------------------------------------------------

/**
 * module_started {module, selected}, module_progress {module, percent, message?} (module may be
 * `decode`: the shared decode pass), module_completed {module, segments, notes?}, done {status, error?, notes?};
 * a long video's run also chunks_planned {chunks: [{chunk, start, end}]} and chunk_completed
 * {chunk, chunks, chunks_done, start, end, segments} as each part becomes readable.
 */
export interface ProcessingEvent {
  type: "module_started" | "module_progress" | "module_completed" | "chunks_planned" | "chunk_completed" | "done" | (string & {});
  job_id?: string;
  module?: string;
  selected?: boolean;
  segments?: number;
  percent?: number;
  message?: string;
  notes?: unknown;
  status?: string;
  error?: string;
  /** chunk_completed: which part (0-based) of how many, and its range in seconds. */
  chunk?: number;
  chunks?: number | { chunk: number; start: number; end: number }[];
  chunks_done?: number;
  start?: number;
  end?: number;
  [k: string]: unknown;
}

export { createSseParser };

export interface StreamOptions {
  onEvent: (e: ProcessingEvent) => void;
  /** Called when the connection opens (again, after a reconnect). */
  onOpen?: () => void;
  /** Called with a reconnect attempt's error while the stream is retried. */
  onRetry?: (err: unknown, attempt: number) => void;
  signal: AbortSignal;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Follows GET /processing/{job_id}/events until `done` (resolves with it) or abort (resolves
 * null). A dropped connection reconnects with backoff and `Last-Event-ID`, so the server sends
 * only the events missed. 4xx answers are final (thrown).
 */
export async function followProcessingEvents(jobId: string, opts: StreamOptions): Promise<ProcessingEvent | null> {
  const { signal } = opts;
  let attempt = 0;
  let lastEventId: string | null = null;
  while (!signal.aborted) {
    const seen: { done: ProcessingEvent | null } = { done: null };
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream" };
      if (lastEventId) headers["Last-Event-ID"] = lastEventId;
      const res = await unwrapResponse(
        api.GET("/processing/{job_id}/events", { params: { path: { job_id: jobId } }, headers, signal, parseAs: "stream" }),
      );
      opts.onOpen?.();
      attempt = 0;
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      const parse = createSseParser((data, id) => {
        if (id) lastEventId = id;
        let e: ProcessingEvent;
        try {
          e = JSON.parse(data) as ProcessingEvent;
        } catch {
          return;
        }
        if (e.type === "done") seen.done = e;
        opts.onEvent(e);
      });
      try {
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          parse(value);
          if (seen.done) break;
        }
      } finally {
        reader.cancel().catch(() => {});
      }
      if (seen.done) return seen.done;
    } catch (err) {
      if (signal.aborted || (err as Error).name === "AbortError") return null;
      if (err instanceof ApiClientError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) throw err;
      attempt++;
      opts.onRetry?.(err, attempt);
    }
    // Ended without `done` (server restart, proxy timeout) or failed: try again.
    await sleep(Math.min(15_000, 500 * 2 ** Math.min(attempt, 5)), signal);
  }
  return null;
}
