// Long audio goes to speech-to-text in pieces (the upload limit is 25 MB): cut at the middle of a
// silence near each piece's maximum length, never inside a word when a pause is available, then
// put each piece's segment times back on the video's clock.
import type { Interval } from "./silence";

export interface ChunkPlanOptions {
  /** Longest piece, seconds. */
  maxSeconds: number;
  /** How far before the maximum a silence may be chosen, seconds (default a fifth of maxSeconds). */
  searchSeconds?: number;
}

/** Consecutive [start, end) pieces covering [0, duration]. */
export function planAudioChunks(duration: number, silences: readonly Interval[], opts: ChunkPlanOptions): Interval[] {
  const max = opts.maxSeconds;
  if (!(max > 0)) throw new Error("maxSeconds must be positive");
  const search = Math.min(opts.searchSeconds ?? max / 5, max / 2);
  const chunks: Interval[] = [];
  let cursor = 0;
  while (duration - cursor > max) {
    const limit = cursor + max;
    // The silence whose middle is latest in the window, preferring real pauses (≥ 0.3 s).
    const inWindow = silences
      .map((s) => ({ mid: (s.start + s.end) / 2, len: s.end - s.start }))
      .filter((s) => s.mid > limit - search && s.mid <= limit && s.mid > cursor + 1);
    const pauses = inWindow.filter((s) => s.len >= 0.3);
    const pick = (pauses.length ? pauses : inWindow).sort((a, b) => b.mid - a.mid)[0];
    const cut = pick ? Math.round(pick.mid * 1000) / 1000 : limit;
    chunks.push({ start: cursor, end: cut });
    cursor = cut;
  }
  chunks.push({ start: cursor, end: duration });
  return chunks;
}

export interface TimedText {
  start: number;
  end: number;
  text: string;
}

/** Shifts each piece's segments by the piece's start, clamps them to the piece and orders them. */
export function stitchChunks<T extends TimedText>(pieces: { chunk: Interval; segments: T[] }[]): T[] {
  const out: T[] = [];
  for (const { chunk, segments } of pieces) {
    for (const s of segments) {
      const start = Math.min(chunk.end, Math.max(chunk.start, chunk.start + s.start));
      const end = Math.min(chunk.end, Math.max(start, chunk.start + s.end));
      out.push({ ...s, start: round3(start), end: round3(end) });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
