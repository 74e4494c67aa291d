// Content types by file extension: stored objects (local driver serving, S3 uploads of
// artefacts) and the browser's uploads (lib/browser/upload.ts). No imports: safe in either bundle.

const TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/x-m4v",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
  ".mkv": "video/x-matroska",
  ".webm": "video/webm",
  ".flv": "video/x-flv",
  ".wmv": "video/x-ms-wmv",
  ".mpg": "video/mpeg",
  ".mpeg": "video/mpeg",
  ".vob": "video/mpeg",
  ".3gp": "video/3gpp",
  ".ogv": "video/ogg",
  ".ts": "video/mp2t",
  ".mts": "video/mp2t",
  ".m4s": "video/iso.segment",
  ".asf": "video/x-ms-asf",
  ".rm": "application/vnd.rn-realmedia",
  ".rmvb": "application/vnd.rn-realmedia-vbr",
  ".divx": "video/divx",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".json": "application/json",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".vtt": "text/vtt; charset=utf-8",
  ".srt": "application/x-subrip",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".wav": "audio/wav",
};

/** The lower-cased extension of a name or key, with its dot (as path.extname: "" for ".mp4" or "a."). */
export function extensionOf(name: string): string {
  const flat = name.replace(/[\\/]/g, "");
  const dot = flat.lastIndexOf(".");
  return dot > 0 && dot < flat.length - 1 ? flat.slice(dot).toLowerCase() : "";
}

export function contentTypeFor(key: string): string {
  return TYPES[extensionOf(key)] ?? "application/octet-stream";
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
