// Large files from the browser in parts (POST /storage/multipart …): several parts in flight at
// once, each retried after a failure (waiting for the browser to be online again), and resumable
// after a page reload: the upload id is kept in localStorage under the file's name, size and
// lastModified, and a resumed upload asks the server which parts it already has and sends only
// the others. Complete, then the file is registered like any uploaded file.
import { api, ApiClientError, isApiClientError, unwrap, type Schemas } from "./api-client";
import { putFile, type PutProgress } from "./upload";

/** Files above this size go up in parts; smaller ones in one PUT. */
export const MULTIPART_THRESHOLD = 32 * 1024 * 1024;
/** Parts in flight at once. */
export const PARALLEL_PARTS = 4;
/** Part URLs asked for at once (they live an hour; asked again when one is refused). */
const URL_BATCH = 16;
/** Attempts per part before the upload fails (network drops wait for `online` in between). */
const MAX_ATTEMPTS = 6;

type Status = Schemas["MultipartStatus"];
const inUpload = (uploadId: string) => ({ params: { path: { upload_id: uploadId } } });

export function resumeKey(file: { name: string; size: number; lastModified: number }): string {
  return `va-multipart:${file.name}:${file.size}:${file.lastModified}`;
}

function savedUploadId(file: File): string | null {
  try {
    const raw = localStorage.getItem(resumeKey(file));
    return raw ? (JSON.parse(raw) as { upload_id?: string }).upload_id ?? null : null;
  } catch {
    return null;
  }
}

function save(file: File, uploadId: string | null) {
  try {
    if (uploadId) localStorage.setItem(resumeKey(file), JSON.stringify({ upload_id: uploadId, saved_at: Date.now() }));
    else localStorage.removeItem(resumeKey(file));
  } catch {
    /* storage full or disabled: the upload still works, it just cannot resume after a reload */
  }
}

/** True when a multipart upload of this file was left unfinished (it can resume). */
export function hasResumableUpload(file: File): boolean {
  return savedUploadId(file) !== null;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(new DOMException("Upload cancelled", "AbortError"));
    });
  });

/** Resolves when the browser says it is online (at once if it is). */
function whenOnline(signal?: AbortSignal): Promise<void> {
  if (typeof navigator === "undefined" || navigator.onLine) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener("online", done);
      resolve();
    };
    window.addEventListener("online", done);
    signal?.addEventListener("abort", () => {
      window.removeEventListener("online", done);
      reject(new DOMException("Upload cancelled", "AbortError"));
    });
  });
}

async function openUpload(file: File, contentType: string, signal?: AbortSignal): Promise<Status> {
  const saved = savedUploadId(file);
  if (saved) {
    try {
      return await unwrap(api.GET("/storage/multipart/{upload_id}", { ...inUpload(saved), signal }));
    } catch (err) {
      // Expired (24 h), completed or aborted meanwhile: start over.
      if (!isApiClientError(err, 404)) throw err;
      save(file, null);
    }
  }
  const created = await unwrap(
    api.POST("/storage/multipart", { body: { file_name: file.name, content_type: contentType, file_size: file.size }, signal }),
  );
  save(file, created.upload_id);
  return { ...created, file_size: file.size, parts: [] };
}

export interface MultipartProgress extends PutProgress {
  /** Parts the server already had when this attempt began (not sent again). */
  resumedParts: number;
}

/**
 * Uploads the file in parts and completes it; returns its storage path. An abort leaves the upload
 * resumable (see discardMultipartUpload to drop it).
 */
export async function uploadInParts(
  file: File,
  contentType: string,
  opts: { signal?: AbortSignal; onProgress?: (p: MultipartProgress) => void; parallel?: number } = {},
): Promise<{ file_path: string }> {
  const { signal } = opts;
  const status = await openUpload(file, contentType, signal);
  const stored = new Map(status.parts.map((p) => [p.part_number, p.size]));
  const missing: number[] = [];
  for (let n = 1; n <= status.part_count; n++) if (!stored.has(n)) missing.push(n);
  const inFlight = new Map<number, number>();
  let done = [...stored.values()].reduce((a, b) => a + b, 0);
  const report = () => {
    let loaded = done;
    for (const v of inFlight.values()) loaded += v;
    opts.onProgress?.({ loaded: Math.min(loaded, file.size), total: file.size, resumedParts: stored.size });
  };
  report();

  const urls = new Map<number, string>();
  const fetchUrls = async (from: number) => {
    const want = [from, ...missing.filter((n) => n !== from && !urls.has(n))].slice(0, URL_BATCH);
    const res = await unwrap(api.POST("/storage/multipart/{upload_id}/parts", { ...inUpload(status.upload_id), body: { part_numbers: want }, signal }));
    for (const p of res.parts) urls.set(p.part_number, p.url);
  };

  const sendPart = async (n: number) => {
    const blob = file.slice((n - 1) * status.part_size, Math.min(file.size, n * status.part_size));
    for (let attempt = 1; ; attempt++) {
      await whenOnline(signal);
      try {
        if (!urls.has(n)) await fetchUrls(n);
        await putFile(urls.get(n)!, blob, "", {
          signal,
          onProgress: ({ loaded }) => {
            inFlight.set(n, loaded);
            report();
          },
        });
        inFlight.delete(n);
        done += blob.size;
        report();
        return;
      } catch (err) {
        inFlight.delete(n);
        report();
        if ((err as Error).name === "AbortError" || signal?.aborted) throw err;
        const status = (err as ApiClientError).status ?? 0;
        // An expired or refused URL is asked for again; a client error other than that is final.
        if (status === 403) urls.delete(n);
        else if (status >= 400 && status < 500) throw err;
        if (attempt >= MAX_ATTEMPTS) throw err;
        await sleep(Math.min(8000, 500 * 2 ** (attempt - 1)), signal);
      }
    }
  };

  const queue = [...missing];
  const workers = Array.from({ length: Math.min(opts.parallel ?? PARALLEL_PARTS, queue.length) }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
  });
  await Promise.all(workers);
  const result = await unwrap(api.POST("/storage/multipart/{upload_id}/complete", { ...inUpload(status.upload_id), body: {}, signal }));
  save(file, null);
  return { file_path: result.file_path };
}

/** Drops an unfinished multipart upload of this file (server parts and the saved id). */
export async function discardMultipartUpload(file: File): Promise<void> {
  const saved = savedUploadId(file);
  if (!saved) return;
  save(file, null);
  await unwrap(api.DELETE("/storage/multipart/{upload_id}", inUpload(saved))).catch(() => {});
}
