// How long a chunk of a long video is (CHUNK_SECONDS, default 120 s: a 6-minute video is three
// chunks, an hour thirty); 0 never splits. A video shorter than 1.5 chunks is one run as before.
export const DEFAULT_CHUNK_SECONDS = 120;
/** The shortest chunk length accepted (shorter ones would cost more in merging than they save). */
export const MIN_CHUNK_SECONDS = 10;

export function chunkSeconds(): number {
  const raw = process.env.CHUNK_SECONDS;
  if (raw === undefined || raw === "") return DEFAULT_CHUNK_SECONDS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.max(MIN_CHUNK_SECONDS, n);
}
