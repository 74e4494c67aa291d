// A video's analysis, condensed: the time-stamped digest a reasoning model reads, and the numbers
// and texts the offline digest reports. Everything here is computed from other modules' segments.
import { extractKeyPhrases } from "./key-phrases";
import { wordTokens } from "@/lib/core/stopwords";
import { item } from "@/lib/core/item";

export interface SegmentLike {
  start_time: number;
  end_time: number;
  content: string;
  metadata?: Record<string, unknown>;
}

export interface DigestInput {
  name?: string;
  duration: number;
  shots: SegmentLike[];
  scenes: SegmentLike[];
  transcript: SegmentLike[];
  visual: SegmentLike[];
  logos: SegmentLike[];
}

/** 75.25 → "1:15.3", 3725 → "1:02:05.0". */
export function formatTime(t: number): string {
  const tenths = Math.round(Math.max(0, t) * 10);
  const s = (tenths % 600) / 10;
  const m = Math.floor(tenths / 600) % 60;
  const h = Math.floor(tenths / 36000);
  const ss = s.toFixed(1).padStart(4, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

const byStart = (a: SegmentLike, b: SegmentLike) => a.start_time - b.start_time || a.end_time - b.end_time;
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, Math.max(1, n - 1)).trimEnd()}…` : s);

export interface DigestStats {
  duration: number;
  shots: number;
  shotsPerMinute: number | null;
  meanShotSeconds: number | null;
  scenes: number;
  transcriptCues: number;
  transcriptWords: number;
}

export function digestStats(input: DigestInput): DigestStats {
  const shotLengths = input.shots.map((s) => Math.max(0, s.end_time - s.start_time));
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    duration: r2(input.duration),
    shots: input.shots.length,
    shotsPerMinute: input.shots.length && input.duration > 0 ? r2(input.shots.length / (input.duration / 60)) : null,
    meanShotSeconds: shotLengths.length ? r2(shotLengths.reduce((a, b) => a + b, 0) / shotLengths.length) : null,
    scenes: input.scenes.length,
    transcriptCues: input.transcript.length,
    transcriptWords: input.transcript.reduce((n, s) => n + wordTokens(s.content).length, 0),
  };
}

/** OCR text of visualelements segments (`metadata.ocr_text`, a string or strings), first sighting of each. */
export function onScreenTexts(visual: readonly SegmentLike[]): { time: number; end: number; text: string }[] {
  const seen = new Set<string>();
  const out: { time: number; end: number; text: string }[] = [];
  for (const s of [...visual].sort(byStart)) {
    const raw = s.metadata?.ocr_text;
    const texts = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
    for (const t of texts) {
      if (typeof t !== "string") continue;
      const text = oneLine(t);
      const key = text.toLowerCase();
      if (text.length < 2 || seen.has(key)) continue;
      seen.add(key);
      out.push({ time: s.start_time, end: s.end_time, text });
    }
  }
  return out;
}

/** The transcript's words in [from, to); `joiner` "\n" keeps cue boundaries as phrase breaks. */
export function transcriptText(transcript: readonly SegmentLike[], from = 0, to = Infinity, joiner = " "): string {
  return [...transcript]
    .sort(byStart)
    .filter((s) => s.end_time > from && s.start_time < to)
    .map((s) => oneLine(s.content))
    .join(joiner);
}

/** Lines that fit `budget` characters: shortened first, then neighbours merged. */
function fitLines(items: { start: number; end: number; text: string }[], budget: number, point = false): string[] {
  if (!items.length || budget <= 0) return [];
  const stamp = (a: number, b: number) => (point ? `[${formatTime(a)}]` : `[${formatTime(a)}–${formatTime(b)}]`);
  let group = 1;
  for (;;) {
    const merged: { start: number; end: number; text: string }[] = [];
    for (let i = 0; i < items.length; i += group) {
      const g = items.slice(i, i + group);
      merged.push({ start: item(g, 0).start, end: item(g, g.length - 1).end, text: g.map((x) => x.text).join(" ") });
    }
    const per = Math.floor(budget / merged.length) - 22;
    if (per >= 60 || group >= items.length) {
      return merged.map((m) => `${stamp(m.start, m.end)} ${clip(oneLine(m.text), Math.max(20, Math.min(per, 400)))}`);
    }
    group = Math.max(group + 1, Math.ceil((items.length * 82) / budget));
  }
}

/** The compact, time-stamped text a reasoning model reads (at most about `maxChars`). */
export function buildPromptDigest(input: DigestInput, maxChars = 24_000): string {
  const stats = digestStats(input);
  const out: string[] = [];
  out.push(`Video${input.name ? ` "${clip(oneLine(input.name), 120)}"` : ""}: duration ${formatTime(input.duration)} (${stats.duration} s)`);
  if (stats.shots) {
    const starts = [...input.shots].sort(byStart).map((s) => formatTime(s.start_time));
    const shown = starts.length > 150 ? starts.filter((_, i) => i % Math.ceil(starts.length / 150) === 0) : starts;
    out.push(
      `Shots: ${stats.shots} (${stats.shotsPerMinute} per minute, mean ${stats.meanShotSeconds} s). ` +
        `Shot starts${shown.length < starts.length ? " (sampled)" : ""}: ${shown.join(", ")}`,
    );
  } else out.push("Shots: none detected");
  const section = (title: string, lines: string[]) => {
    if (lines.length) out.push(`${title}:`, ...lines);
  };
  const item = (s: SegmentLike) => ({ start: s.start_time, end: s.end_time, text: s.content });
  section(`Scenes (${stats.scenes})`, fitLines([...input.scenes].sort(byStart).map(item), maxChars * 0.15));
  section(
    `Transcript (${stats.transcriptCues} cues)`,
    fitLines([...input.transcript].sort(byStart).map(item), maxChars * 0.55),
  );
  section(
    "On-screen text (OCR)",
    fitLines(onScreenTexts(input.visual).map((t) => ({ start: t.time, end: t.end, text: `"${t.text}"` })), maxChars * 0.1, true),
  );
  section("Logos", fitLines([...input.logos].sort(byStart).map(item), maxChars * 0.05));
  return out.join("\n");
}

/** Times where something observable starts or ends (0 and the end included), sorted, distinct. */
export function boundaryTimes(input: DigestInput): number[] {
  const set = new Set<number>([0, input.duration]);
  for (const list of [input.shots, input.scenes, input.transcript]) {
    for (const s of list) {
      set.add(s.start_time);
      set.add(s.end_time);
    }
  }
  return [...set].filter((t) => t >= 0 && t <= input.duration).sort((a, b) => a - b);
}

/** The nearest of `candidates` within `tolerance`, else `t` itself. */
export function snapTime(t: number, candidates: readonly number[], tolerance: number): number {
  let best = t;
  let dist = tolerance;
  for (const c of candidates) {
    const d = Math.abs(c - t);
    if (d <= dist) {
      best = c;
      dist = d;
    }
  }
  return best;
}

export function keyPhrasesOf(text: string, max = 8): string[] {
  return extractKeyPhrases(text, { max }).map((p) => p.phrase);
}
