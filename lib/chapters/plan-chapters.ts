// Where a video's chapters begin and end, and what is said and shown in each: pure, offline.
// Chapters cover [0, duration] without gaps or overlaps. Cuts are taken from scene boundaries
// (the scenes module), else from pauses in speech, else from shot boundaries, greedily so that no
// chapter is shorter than MIN_SECONDS or than 1/MAX_CHAPTERS of the video; a chapter still longer
// than LONG_SECONDS (or 4 minimum lengths) is cut again at the next kind of boundary inside it.
export const MIN_SECONDS = 15;
export const MAX_CHAPTERS = 15;
export const LONG_SECONDS = 300;
/** A pause in speech at least this long is a place to cut. */
export const SPEECH_GAP_SECONDS = 1.5;

export interface ChapterSegment {
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

export function planChapters(duration: number, segments: readonly ChapterSegment[]): PlannedChapter[] {
  const span = chapterSpan(duration, segments);
  if (!(span > 0)) return [];
  const sorted = [...segments].sort(byStart);
  const transcript = sorted.filter((s) => s.module === "transcription");
  const minLen = Math.max(MIN_SECONDS, span / MAX_CHAPTERS);
  const longLen = Math.max(LONG_SECONDS, 4 * minLen);
  const kinds = [sceneCuts(sorted, "scenes"), speechGaps(transcript), sceneCuts(sorted, "shots")].filter((k) => k.length > 0);

  // Cut with the first kind of boundary; pieces still too long are cut with the next kinds.
  let bounds = [0, span];
  for (const [k, candidates] of kinds.entries()) {
    const next: number[] = [0];
    for (let i = 1; i < bounds.length; i++) {
      const from = bounds[i - 1]!;
      const to = bounds[i]!;
      if (k === 0 || to - from > longLen) next.push(...cutBetween(from, to, candidates, minLen));
      next.push(to);
    }
    bounds = next;
  }

  const chapters: PlannedChapter[] = [];
  for (let i = 1; i < bounds.length; i++) chapters.push({ start: bounds[i - 1]!, end: bounds[i]!, speech: [], screen: [] });
  const chapterAt = (t: number) => {
    const i = chapters.findIndex((c) => t < c.end);
    return chapters[i < 0 ? chapters.length - 1 : i]!;
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
