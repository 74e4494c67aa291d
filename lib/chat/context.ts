// What the chat agent reads: segments as time-stamped lines. `brute_force` gives it every segment
// of the video, compressed to fit a model's context: neighbours of one module merged, repeated
// texts kept once with all their times, and long texts shortened (then, if still too long, lines
// sampled evenly over the video) until the total fits the character budget.
import { formatClock } from "@/lib/core/clock";
import { item } from "@/lib/core/item";

export interface SegmentLike {
  id: string;
  /** The video (set when a context spans several videos). */
  jobId?: string;
  module: string;
  content: string;
  startTime: number;
  endTime: number;
}

export interface ContextEntry {
  /** The segments this line stands for. */
  ids: string[];
  /** The video of these segments (set when a context spans several videos). */
  jobId?: string;
  module: string;
  start: number;
  end: number;
  content: string;
  /** Start times of repeats of the same text in the same module (kept once, here). */
  alsoAt: number[];
  /** Similarity to the question (search's hybrid score), when retrieval measured it. */
  similarity?: number;
  /** Words of the content that match the question's keywords, when retrieval looked. */
  matched?: string[];
}

/** Characters of segment text given to the model in brute_force mode (~15k tokens). */
export const BRUTE_FORCE_MAX_CHARS = 60_000;
/** Neighbours of one module closer than this (seconds) merge into one line… */
const MERGE_GAP_SECONDS = 1;
/** …while the merged text stays under this many characters. */
const MERGE_MAX_CHARS = 600;
/** Shortening stops here; below it, lines are sampled instead. */
const MIN_LINE_CHARS = 120;

export const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

export function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, Math.max(1, max - 1)).trimEnd()}…` : s;
}

const byTime = (a: ContextEntry, b: ContextEntry) => a.start - b.start || a.end - b.end || a.module.localeCompare(b.module);

export function toEntry(s: SegmentLike, similarity?: number): ContextEntry {
  return {
    ids: [s.id],
    ...(s.jobId ? { jobId: s.jobId } : {}),
    module: s.module,
    start: s.startTime,
    end: s.endTime,
    content: oneLine(s.content),
    alsoAt: [],
    ...(similarity !== undefined ? { similarity } : {}),
  };
}

/** Repeated texts once per module (with their other times), then neighbours merged. */
/**
 * One entry per distinct text of a module (repeats become `alsoAt` times); with `neighbours`
 * (the default), neighbours less than MERGE_GAP_SECONDS apart also merge into one line.
 */
export function mergeSegments(segments: readonly SegmentLike[], opts: { neighbours?: boolean } = {}): ContextEntry[] {
  const neighbours = opts.neighbours ?? true;
  const byModule = new Map<string, SegmentLike[]>();
  for (const s of segments) {
    if (!oneLine(s.content)) continue;
    const key = `${s.jobId ?? ""}\u0000${s.module}`; // repeats and neighbours within one video's module
    const list = byModule.get(key);
    if (list) list.push(s);
    else byModule.set(key, [s]);
  }
  const out: ContextEntry[] = [];
  for (const list of byModule.values()) {
    list.sort((a, b) => a.startTime - b.startTime || a.endTime - b.endTime);
    const firstOf = new Map<string, ContextEntry>();
    const kept: ContextEntry[] = [];
    for (const s of list) {
      const entry = toEntry(s);
      const key = entry.content.toLowerCase();
      const first = firstOf.get(key);
      if (first) {
        first.ids.push(s.id);
        first.alsoAt.push(s.startTime);
        continue;
      }
      firstOf.set(key, entry);
      kept.push(entry);
    }
    let current: ContextEntry | null = null;
    for (const e of kept) {
      const mergeable =
        neighbours &&
        current &&
        !current.alsoAt.length &&
        !e.alsoAt.length &&
        e.start - current.end <= MERGE_GAP_SECONDS &&
        current.content.length + 1 + e.content.length <= MERGE_MAX_CHARS;
      if (current && mergeable) {
        current.ids.push(...e.ids);
        current.end = Math.max(current.end, e.end);
        current.content = `${current.content} ${e.content}`;
      } else {
        if (current) out.push(current);
        current = e;
      }
    }
    if (current) out.push(current);
  }
  return out.sort(byTime);
}

/**
 * One line of context: `[01:23–01:30] transcription: text (also at [02:10])`; with a video label
 * (contexts over several videos): `[V2 01:23–01:30] …`.
 */
export function contextLine(e: ContextEntry, maxContent = Infinity, label?: string): string {
  const times = e.end > e.start ? `${formatClock(e.start)}–${formatClock(e.end)}` : formatClock(e.start);
  const stamp = label ? `[${label} ${times}]` : `[${times}]`;
  const also = e.alsoAt.length ? ` (also at ${e.alsoAt.map((t) => `[${formatClock(t)}]`).join(", ")})` : "";
  return `${stamp} ${e.module}: ${clip(e.content, maxContent)}${also}`;
}

function totalChars(entries: readonly ContextEntry[], maxContent: number): number {
  return entries.reduce((n, e) => n + contextLine(e, maxContent).length + 1, 0);
}

export interface CompressedContext {
  entries: ContextEntry[];
  /** Each line's text is cut to this many characters (Infinity: uncut). */
  maxContent: number;
  lines: string[];
  /** The segments the lines stand for. */
  segmentIds: string[];
  /** Lines left out because even shortened they did not fit. */
  dropped: number;
}

/** brute_force: every segment, merged, then shortened and sampled to fit `maxChars`. */
export function compressSegments(segments: readonly SegmentLike[], maxChars = BRUTE_FORCE_MAX_CHARS): CompressedContext {
  // Neighbours merge only when the lines do not fit as they are: each keeps its own time otherwise.
  let entries = mergeSegments(segments, { neighbours: false });
  if (totalChars(entries, Infinity) > maxChars) entries = mergeSegments(segments);
  let maxContent = Infinity;
  let dropped = 0;
  if (totalChars(entries, maxContent) > maxChars) {
    // The longest per-line cut that fits, found by bisection.
    const longest = Math.max(...entries.map((e) => e.content.length));
    let lo = MIN_LINE_CHARS;
    let hi = Math.max(MIN_LINE_CHARS, longest);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (totalChars(entries, mid) <= maxChars) lo = mid;
      else hi = mid - 1;
    }
    maxContent = lo;
    if (totalChars(entries, maxContent) > maxChars) {
      // Even short lines do not fit: keep lines spread evenly over the video.
      const perLine = totalChars(entries, maxContent) / entries.length;
      const keep = Math.max(1, Math.floor(maxChars / perLine));
      const step = entries.length / keep;
      const sampled: ContextEntry[] = [];
      for (let i = 0; i < keep; i++) sampled.push(item(entries, Math.floor(i * step)));
      while (sampled.length > 1 && totalChars(sampled, maxContent) > maxChars) sampled.pop();
      dropped = entries.length - sampled.length;
      entries = sampled;
    }
  }
  return {
    entries,
    maxContent,
    lines: entries.map((e) => contextLine(e, maxContent)),
    segmentIds: entries.flatMap((e) => e.ids),
    dropped,
  };
}
