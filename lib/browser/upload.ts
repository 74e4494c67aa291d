// Uploading a video from the browser: the contract's checks before any byte is sent, a presigned
// URL from POST /storage/upload-url, then a PUT of the raw bytes through XMLHttpRequest (fetch
// has no upload progress), then POST /videos/register-and-process.
import { contentTypeFor as contentTypeForName, extensionOf } from "@/lib/storage/content-types";
import { MAX_UPLOAD_BYTES, SUPPORTED_EXTENSIONS } from "@/lib/core/storage-limits";
import { api, ApiClientError, detailOf, unwrap } from "./api-client";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { formatBytes } from "./format";

export { extensionOf, MAX_UPLOAD_BYTES, SUPPORTED_EXTENSIONS };

export function isSupportedVideo(name: string): boolean {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** Why a file cannot be uploaded, or null when it can. */
export function checkFile(file: { name: string; size: number }): string | null {
  if (!isSupportedVideo(file.name)) {
    const ext = extensionOf(file.name);
    return `${ext ? `“${ext}” files are` : "Files without an extension are"} not supported. Use one of: ${SUPPORTED_EXTENSIONS.join(" ")}`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return `The file is ${formatBytes(file.size)}; the limit is 4 GB.`;
  if (file.size === 0) return "The file is empty.";
  return null;
}

/** The Content-Type signed into the upload URL and sent with the PUT. */
export function contentTypeFor(file: { name: string; type: string }): string {
  // Browsers report what the OS knows; keep it when it is a plain media type.
  if (/^[\w.+-]+\/[\w.+-]+$/.test(file.type)) return file.type;
  return contentTypeForName(file.name);
}


export function requestUploadUrl(file: File, signal?: AbortSignal) {
  return unwrap(api.POST("/storage/upload-url", { body: { file_name: file.name, content_type: contentTypeFor(file), expires_in: 7200 }, signal }));
}

/**
 * URLs this app signs (uploads, playback) carry the configured APP_URL host; a browser that
 * reached the same app under another name (127.0.0.1, a LAN address) would make them cross-origin.
 * Their signature covers the path and query only, so they are sent to this origin instead.
 * Anything else (an S3 URL) is left alone.
 */
export function toThisOrigin(url: string): string {
  if (typeof window === "undefined") return url;
  try {
    const u = new URL(url, window.location.href);
    if (u.origin !== window.location.origin && /^\/api\/(storage\/(object|multipart)|playback)\//.test(u.pathname)) {
      return `${u.pathname}${u.search}`;
    }
    return u.toString();
  } catch {
    return url;
  }
}

export interface PutProgress {
  loaded: number;
  total: number;
}

/** PUTs the file's bytes, reporting progress; rejects with ApiClientError in the server's words. */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  opts: { onProgress?: (p: PutProgress) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", toThisOrigin(url));
    // A part of a multipart upload is sent without one ("").
    if (contentType) xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (e) => opts.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.({ loaded: file.size, total: file.size });
        resolve();
        return;
      }
      // S3 answers in XML: its <Message> is the closest to the server's words.
      const s3Message = /<Message>([^<]+)<\/Message>/.exec(xhr.responseText)?.[1];
      const fallback = s3Message ?? `Upload failed (${xhr.status} ${xhr.statusText || "error"})`;
      reject(new ApiClientError(xhr.status, detailOf(xhr.responseText, fallback)));
    };
    xhr.onerror = () => reject(new ApiClientError(0, "The upload was interrupted. Check your connection and try again."));
    xhr.ontimeout = () => reject(new ApiClientError(0, "The upload timed out."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException("Upload cancelled", "AbortError"));
        return;
      }
      opts.signal.addEventListener("abort", () => xhr.abort());
    }
    xhr.send(file);
  });
}

export function registerAndProcess(body: { storage_path: string; file_name: string; modules: ModuleName[] }) {
  return unwrap(api.POST("/videos/register-and-process", { body }));
}
