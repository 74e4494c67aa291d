// How a multipart upload is cut into parts. S3's rules bound the choice: parts of 5 MiB to 5 GiB
// (the last may be smaller) and at most 10,000 of them. No imports: the browser uses it too.

export const MIB = 1024 * 1024;
/** S3's smallest part (except the last). */
export const MIN_PART_SIZE = 5 * MIB;
/** The smallest part size this app chooses (small files' parts). */
export const DEFAULT_PART_SIZE = 8 * MIB;
/**
 * The largest part size chosen for the parts' count alone (a file needing bigger parts to stay
 * within MAX_PARTS gets them, which under the 4 GB upload limit never happens).
 */
export const MAX_DEFAULT_PART_SIZE = 64 * MIB;
/** Larger files get larger parts, so a file is cut into about this many (see choosePartSize). */
export const TARGET_PARTS = 32;
export const MAX_PARTS = 10_000;
/** Part URLs asked for in one call. */
export const MAX_PART_NUMBERS_PER_REQUEST = 100;
/** An upload not completed within this time is aborted and its parts removed. */
export const MULTIPART_TTL_MS = 24 * 3600 * 1000;

/**
 * The part size for a file: the smallest power of two from 8 MiB to 64 MiB that cuts it into at
 * most TARGET_PARTS parts (≤ 256 MiB: 8 MiB; 1 GiB: 32 MiB; 2–4 GiB: 64 MiB), or a whole number
 * of MiB that keeps ≤ MAX_PARTS if that is more. Every part request costs the local server a few
 * ms of CPU whatever its size (routing, a signature, two database statements), so fewer, larger
 * parts make a large upload cheaper; the cap keeps what a dropped connection loses (the parts in
 * flight, 4 in the browser) and the granularity of a resume reasonable. On S3 the same sizes.
 */
export function choosePartSize(fileSize: number): number {
  let size = DEFAULT_PART_SIZE;
  while (size < MAX_DEFAULT_PART_SIZE && fileSize > size * TARGET_PARTS) size *= 2;
  const needed = Math.ceil(fileSize / MAX_PARTS);
  return Math.max(size, Math.ceil(needed / MIB) * MIB);
}

export function partCountFor(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize));
}

/** Every part but the last is exactly part_size; the last holds the rest. */
export function expectedPartSize(upload: { fileSize: number; partSize: number; partCount: number }, partNumber: number): number {
  return partNumber < upload.partCount ? upload.partSize : upload.fileSize - (upload.partCount - 1) * upload.partSize;
}
