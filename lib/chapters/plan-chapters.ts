// Where a video's chapters begin and end, and what is said and shown in each: pure, offline.
// Chapters cover [0, duration] without gaps or overlaps. Cuts are where the topic changes (valleys
// of similarity between neighbouring windows of the transcript and the on-screen text, on their
// sentence vectors: topic-cuts.ts) and where the picture changes for good (scene boundaries), the
// strongest first, so that no chapter is shorter than MIN_SECONDS or than 1/MAX_CHAPTERS of the
// video; a topic cut moves to a scene change inside its pause. Without vectors (none stored yet),
// pauses in speech stand in for topic changes. A chapter still longer than LONG_SECONDS (or 4
// minimum lengths) is cut again at pauses in speech, else at shot boundaries.
import { topicCuts, type TopicUnit } from "./topic-cuts";
import { item } from "@/lib/core/item";

export const MIN_SECONDS = 4;
export const MAX_CHAPTERS = 15;
export const LONG_SECONDS = 300;
/** A pause in speech at least this long is a place to cut. */
export const SPEECH_GAP_SECONDS = 1.5;
/** How strongly a scene change asks for a cut (a topic cut's strength is its valley's depth). */
export const SCENE_STRENGTH = 0.3;
/** A pause in speech, when no sentence vectors say where topics change. */
const PAUSE_STRENGTH = 0.1;
/** A topic cut moves to a scene change at most this far outside its pause (seconds; or half a minimum length). */
const SNAP_SECONDS = 3;

export interface ChapterSegment {
  id?: string;
  module: string;
  content: string;
  metadata: string | null;
  startTime: number;
  endTime: number;
}

export interface PlannedChapter {
  start: number;
  end: number;
  /** Transcript lines whose middle falls in the chapter, in time order. */
  speech: string[];
  /** On-screen text lines read in the chapter (OCR), each once. */
  screen: string[];
}

const byStart = (a: ChapterSegment, b: ChapterSegment) => a.startTime - b.startTime || a.endTime - b.endTime;

/** The video's length for chapters: its duration, else where its last segment ends. */
export function chapterSpan(duration: number, segments: readonly ChapterSegment[]): number {
  if (duration > 0) return duration;
  return segments.reduce((m, s) => Math.max(m, s.endTime), 0);
}

function sceneCuts(segments: readonly ChapterSegment[], module: string): number[] {
  return segments.filter((s) => s.module === module).flatMap((s) => [s.startTime, s.endTime]);
}

function speechGaps(transcript: readonly ChapterSegment[]): number[] {
  const out: number[] = [];
  let end = -Infinity;
  for (const s of transcript) {
    if (end > -Infinity && s.startTime - end >= SPEECH_GAP_SECONDS) out.push((end + s.startTime) / 2);
    end = Math.max(end, s.endTime);
  }
  return out;
}

/** Greedy cuts in (from, to): each piece at least `minLen` long. */
function cutBetween(from: number, to: number, candidates: readonly number[], minLen: number): number[] {
  const sorted = [...new Set(candidates.map((c) => Math.round(c * 1000) / 1000))].sort((a, b) => a - b);
  const cuts: number[] = [];
  let last = from;
  for (const c of sorted) {
    if (c - last >= minLen && to - c >= minLen) {
      cuts.push(c);
      last = c;
    }
  }
  return cuts;
}

/** On-screen text of a visualelements segment: metadata.ocr_text, else `text: "…"` in its content. */
export function screenTextOf(s: ChapterSegment): string[] {
  if (s.metadata) {
    try {
      const meta = JSON.parse(s.metadata) as { ocr_text?: unknown };
      if (typeof meta.ocr_text === "string") return meta.ocr_text.split(/\n|\s+\/\s+/).map((l) => l.trim()).filter(Boolean);
    } catch {
      /* not JSON: read the content */
    }
  }
  const quoted = /\btext:\s*"([^"]+)"/i.exec(s.content) ?? /\bon-screen text:\s*(.+)$/i.exec(s.content);
  return quoted ? quoted[1]!.split(/\s+\/\s+/).map((l) => l.trim()).filter(Boolean) : [];
}

interface Candidate {
  time: number;
  strength: number;
}

/** Topic cuts from the segments' vectors, each moved to a scene change inside (or near) its pause. */
function topicCandidates(sorted: readonly ChapterSegment[], vectors: ReadonlyMap<string, ArrayLike<number>>, scenes: readonly number[], snap: number): Candidate[] | null {
  const units: TopicUnit[] = [];
  for (const s of sorted) {
    const vector = s.id ? vectors.get(s.id) : undefined;
    if (!vector) continue;
    const text = s.module === "transcription" ? s.content.trim() : s.module === "visualelements" ? screenTextOf(s).join(" ") : "";
    if (text) units.push({ start: s.startTime, end: s.endTime, vector, words: text.split(/\s+/).length });
  }
  if (units.length < 2) return null;
  return topicCuts(units).map((c) => {
    const mid = (c.from + c.to) / 2;
    const near = scenes.filter((t) => t >= c.from - snap && t <= c.to + snap).sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid))[0];
    return { time: near ?? c.time, strength: c.strength };
  });
}

/** Cuts in (from, to), strongest first, each piece at least `minLen` long; in time order. */
function pickCuts(from: number, to: number, candidates: readonly Candidate[], minLen: number): number[] {
  const merged = new Map<number, number>();
  for (const c of candidates) {
    const t = Math.round(c.time * 1000) / 1000;
    merged.set(t, (merged.get(t) ?? 0) + c.strength);
  }
  const picked: number[] = [];
  for (const [t] of [...merged.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])) {
    if (t - from >= minLen && to - t >= minLen && picked.every((p) => Math.abs(p - t) >= minLen)) picked.push(t);
  }
  return picked.sort((a, b) => a - b);
}

/**
 * The chapters of a video of `duration` seconds from its segments; `vectors` holds the segments'
 * sentence vectors by segment id (a segment without one does not count for topics).
 */
export function planChapters(duration: number, segments: readonly ChapterSegment[], vectors: ReadonlyMap<string, ArrayLike<number>> = new Map()): PlannedChapter[] {
  const span = chapterSpan(duration, segments);
  if (!(span > 0)) return [];
  const sorted = [...segments].sort(byStart);
  const transcript = sorted.filter((s) => s.module === "transcription");
  const minLen = Math.max(MIN_SECONDS, span / MAX_CHAPTERS);
  const longLen = Math.max(LONG_SECONDS, 4 * minLen);
  const scenes = sceneCuts(sorted, "scenes").filter((t) => t > 0 && t < span);
  const topics = topicCandidates(sorted, vectors, scenes, Math.max(SNAP_SECONDS, minLen / 2)) ?? speechGaps(transcript).map((time) => ({ time, strength: PAUSE_STRENGTH }));
  let bounds = [0, ...pickCuts(0, span, [...scenes.map((time) => ({ time, strength: SCENE_STRENGTH })), ...topics], minLen), span];

  // Chapters still too long are cut at pauses in speech, then at shot boundaries.
  for (const candidates of [speechGaps(transcript), sceneCuts(sorted, "shots")]) {
    const next: number[] = [0];
    for (let i = 1; i < bounds.length; i++) {
      const from = bounds[i - 1] ?? 0;
      const to = bounds[i] ?? 0;
      if (to - from > longLen) next.push(...cutBetween(from, to, candidates, minLen));
      next.push(to);
    }
    bounds = next;
  }

  const chapters: PlannedChapter[] = [];
  for (let i = 1; i < bounds.length; i++) chapters.push({ start: bounds[i - 1] ?? 0, end: bounds[i] ?? 0, speech: [], screen: [] });
  const chapterAt = (t: number) => {
    const i = chapters.findIndex((c) => t < c.end);
    return item(chapters, i < 0 ? chapters.length - 1 : i);
  };
  for (const s of sorted) {
    const mid = (s.startTime + s.endTime) / 2;
    if (s.module === "transcription" && s.content.trim()) chapterAt(mid).speech.push(s.content.trim());
    if (s.module === "visualelements") {
      const c = chapterAt(mid);
      for (const line of screenTextOf(s)) if (!c.screen.includes(line)) c.screen.push(line);
    }
  }
  return chapters;
}
