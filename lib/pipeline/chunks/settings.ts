// How long a chunk of a long video is (CHUNK_SECONDS, default 60 s: a 6-minute video is six
// chunks — eight on two chunk slots, whose final round is halved (plan.ts) —, an hour sixty;
// chosen with bench/pipeline/chunked-scaling.ts, where 60 s took the 10-min clip on two workers in
// 371 s against 458 s at 120 s, with less CPU); 0 never splits. A video shorter than 1.5 chunks is
// one run as before.
import { env } from "@/lib/env";

/** The shortest chunk length accepted (shorter ones would cost more in merging than they save). */
export const MIN_CHUNK_SECONDS = 10;

export function chunkSeconds(): number {
  const n = env().CHUNK_SECONDS;
  return n <= 0 ? 0 : Math.max(MIN_CHUNK_SECONDS, n);
}

/** Chunks Inngest runs at once per app (process-video-chunk's concurrency limit). */
export const INNGEST_CHUNK_CONCURRENCY = 2;
