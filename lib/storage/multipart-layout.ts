// How a multipart upload is cut into parts. S3's rules bound the choice: parts of 5 MiB to 5 GiB
// (the last may be smaller) and at most 10,000 of them. No imports: the browser uses it too.

export const MIB = 1024 * 1024;
/** S3's smallest part (except the last). */
export const MIN_PART_SIZE = 5 * MIB;
/** Parts are this big unless the file needs bigger ones to stay within MAX_PARTS. */
export const DEFAULT_PART_SIZE = 8 * MIB;
export const MAX_PARTS = 10_000;
/** Part URLs asked for in one call. */
export const MAX_PART_NUMBERS_PER_REQUEST = 100;
/** An upload not completed within this time is aborted and its parts removed. */
export const MULTIPART_TTL_MS = 24 * 3600 * 1000;

/** The part size for a file: DEFAULT_PART_SIZE, or a whole number of MiB that keeps ≤ MAX_PARTS. */
export function choosePartSize(fileSize: number): number {
  const needed = Math.ceil(fileSize / MAX_PARTS);
  return Math.max(DEFAULT_PART_SIZE, Math.ceil(needed / MIB) * MIB);
}

export function partCountFor(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize));
}

/** Every part but the last is exactly part_size; the last holds the rest. */
export function expectedPartSize(upload: { fileSize: number; partSize: number; partCount: number }, partNumber: number): number {
  return partNumber < upload.partCount ? upload.partSize : upload.fileSize - (upload.partCount - 1) * upload.partSize;
}
