// Upload limits of the contract, shared by the server (lib/storage/paths.ts) and the browser's
// checks before an upload (lib/browser/upload.ts). No imports: safe in either bundle.

/** The 19 extensions the service accepts (service interface, Storage). */
export const SUPPORTED_EXTENSIONS = [
  ".mp4", ".mov", ".avi", ".mkv", ".webm", ".flv", ".wmv", ".m4v", ".mpg", ".mpeg",
  ".3gp", ".ogv", ".ts", ".mts", ".vob", ".asf", ".rm", ".rmvb", ".divx",
] as const;

/** "4 GB" is 4 GiB. */
export const MAX_UPLOAD_BYTES = 4 * 1024 ** 3;
