// The local driver's object endpoint: PUT to a presigned upload URL streams the body to disk;
// GET/HEAD of a presigned download URL serves the file with Range support. The signature in the
// URL is the credential (no Authorization). Not for the S3 driver: its URLs point at S3.
import fsp from "node:fs/promises";
import { getDb } from "@/db/client";
import { getVideoByStoragePath } from "@/db/queries/videos";
import { attachmentDisposition, contentTypeFor } from "./content-types";
import { getStorage } from "./index";
import { badSignature, badUploadSignature, fileTooLarge, notServedHere, replacingRegistered, storageNotFound } from "./errors";
import type { LocalStorageDriver } from "./local-driver";
import { isSafeKey, MAX_UPLOAD_BYTES } from "./paths";
import { requestBodyStream } from "./request-body";
import { keyFromObjectUrl, signedContentTypeMismatch, verifySignedUrl } from "./signing";

const READ_CHUNK = 256 * 1024;

function localDriver(): LocalStorageDriver {
  const storage = getStorage();
  // With S3 configured nothing is served here. By `kind`, not `instanceof`: the driver may have
  // been created by another of Next's bundles (the runner's), whose class is a different object.
  if (storage.kind !== "local") throw notServedHere();
  return storage as LocalStorageDriver;
}

function signedKey(url: URL, method: "PUT" | "GET", contentType: string | undefined): string {
  const key = keyFromObjectUrl(url);
  if (key && isSafeKey(key) && verifySignedUrl(url, { method, key, contentType })) return key;
  if (method === "GET") throw badSignature("Download");
  throw badUploadSignature(key && isSafeKey(key) ? signedContentTypeMismatch(url, key, contentType ?? "") : null);
}

/**
 * An upload URL cannot replace a file a video already stands on: its probed duration and size
 * would silently turn false and a run reading it would fail. (A video registered before its
 * upload, as the enterprise flow does, gets its first bytes.)
 */
async function assertNotReplacingRegistered(storage: LocalStorageDriver, key: string): Promise<void> {
  const [area, userId] = key.split("/");
  if (area !== "users" || !userId || !(await storage.stat(key))) return;
  if (await getVideoByStoragePath(await getDb(), { userId, storagePath: key })) {
    throw replacingRegistered();
  }
}

/**
 * PUT /api/storage/object/{key} – the raw bytes of an upload, streamed to disk (request-body.ts).
 * Refusals throw StorageError kinds; the route answers them (lib/api `rawRoute`).
 */
export async function putObject(req: Request): Promise<Response> {
  const storage = localDriver();
  const url = new URL(req.url);
  const key = signedKey(url, "PUT", req.headers.get("content-type") ?? "");
  const declaredText = req.headers.get("content-length");
  const declared = declaredText !== null && /^\d+$/.test(declaredText.trim()) ? Number(declaredText) : undefined;
  if (declared !== undefined && declared > MAX_UPLOAD_BYTES) throw fileTooLarge();
  await assertNotReplacingRegistered(storage, key);
  const size = await storage.writeStream(key, () => requestBodyStream(req), {
    maxBytes: MAX_UPLOAD_BYTES,
    expectedBytes: declared,
    beforeCommit: () => assertNotReplacingRegistered(storage, key),
  });
  return Response.json({ ok: true, key, size });
}

type Range = { start: number; end: number };

/** A single `bytes=` range: the range, "unsatisfiable", or null to serve the whole file. */
export function parseRange(header: string | null, size: number): Range | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Malformed or multiple ranges: ignored (a full 200 is a valid answer).
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size) return "unsatisfiable";
  if (m[2] && Number(m[2]) < start) return null;
  return { start, end };
}

/**
 * The bytes [start, end] of an open file as a web stream that reads only when pulled; closes it at
 * the end, on cancel, and when the request is aborted. The last one matters: Next drops the body of
 * a response whose client left before it was sent without cancelling it (pipeToNodeResponse returns
 * early for a destroyed response), which a media element's aborted range requests do all the time,
 * and the handle was then closed by the garbage collector (Node's DEP0137 warning, a future error).
 */
function fileStream(fh: fsp.FileHandle, start: number, end: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  let pos = start;
  let open = true;
  const onAbort = () => void close();
  const close = async () => {
    if (open) {
      open = false;
      signal.removeEventListener("abort", onAbort);
      await fh.close().catch(() => {});
    }
  };
  if (signal.aborted) void close();
  else signal.addEventListener("abort", onAbort, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!open) return void controller.error(new DOMException("The request was aborted", "AbortError"));
      try {
        const want = Math.min(READ_CHUNK, end + 1 - pos);
        const { bytesRead, buffer } = want > 0 ? await fh.read(Buffer.allocUnsafe(want), 0, want, pos) : { bytesRead: 0, buffer: null };
        if (!bytesRead || !buffer) {
          await close();
          controller.close();
          return;
        }
        pos += bytesRead;
        controller.enqueue(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      } catch (err) {
        await close();
        controller.error(err);
      }
    },
    cancel: close,
  });
}

/** GET and HEAD /api/storage/object/{key} – the file, whole or one byte range. */
export async function getObject(req: Request, head = false): Promise<Response> {
  let fh: fsp.FileHandle | undefined;
  try {
    const storage = localDriver();
    const url = new URL(req.url);
    const key = signedKey(url, "GET", undefined);
    // Open first and stat the handle: a file replaced meanwhile is served whole and consistent.
    fh = await fsp.open(storage.filePath(key), "r").catch(() => undefined);
    const st = fh ? await fh.stat() : null;
    if (!fh || !st?.isFile()) {
      await fh?.close();
      fh = undefined;
      throw storageNotFound("File");
    }
    const headers: Record<string, string> = {
      "Content-Type": contentTypeFor(key),
      "Accept-Ranges": "bytes",
      "Last-Modified": st.mtime.toUTCString(),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    };
    const filename = url.searchParams.get("filename");
    if (filename) headers["Content-Disposition"] = attachmentDisposition(filename);
    const range = parseRange(req.headers.get("range"), st.size);
    if (range === "unsatisfiable") {
      await fh.close();
      fh = undefined;
      return new Response(head ? null : JSON.stringify({ detail: "Requested range not satisfiable" }), {
        status: 416,
        headers: { "Content-Type": "application/json", "Content-Range": `bytes */${st.size}` },
      });
    }
    const { start, end } = range ?? { start: 0, end: st.size - 1 };
    headers["Content-Length"] = String(Math.max(0, end - start + 1));
    if (range) headers["Content-Range"] = `bytes ${start}-${end}/${st.size}`;
    const status = range ? 206 : 200;
    if (head || st.size === 0) {
      await fh.close();
      fh = undefined;
      return new Response(null, { status, headers });
    }
    const body = fileStream(fh, start, end, req.signal);
    fh = undefined;
    return new Response(body, { status, headers });
  } catch (err) {
    await fh?.close().catch(() => {});
    throw err;
  }
}
