// A storyboard's WebVTT "thumbnails" track: one cue per tile of a sprite image, the cue text the
// image's URI with a media fragment `#xywh=x,y,w,h` naming the tile. The format video players
// (video.js, JW Player, Shaka, Plyr…) read for seek-bar previews. Pure functions: the pipeline
// writes it, the playback route rewrites its image URI, the browser parses it.

export interface StoryboardCue {
  /** Seconds. */
  start: number;
  end: number;
  /** The image URI without its fragment. */
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** `hh:mm:ss.mmm`. */
export function formatVttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
}

/** `hh:mm:ss.mmm` or `mm:ss.mmm` → seconds; NaN when it is neither. */
export function parseVttTime(text: string): number {
  const m = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export function buildStoryboardVtt(cues: StoryboardCue[]): string {
  const blocks = cues.map((c) => `${formatVttTime(c.start)} --> ${formatVttTime(c.end)}\n${c.url}#xywh=${c.x},${c.y},${c.w},${c.h}`);
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

/** The cue text's URI and tile; null when it names no tile. */
export function parseCueImage(text: string): Pick<StoryboardCue, "url" | "x" | "y" | "w" | "h"> | null {
  const hash = text.lastIndexOf("#");
  if (hash < 0) return null;
  const m = /^xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/.exec(text.slice(hash + 1).trim());
  if (!m) return null;
  const [x, y, w, h] = m.slice(1).map(Number);
  if (w <= 0 || h <= 0) return null;
  return { url: text.slice(0, hash).trim(), x, y, w, h };
}

/** The cues of a thumbnails track, in time order; cues without a tile are skipped. */
export function parseStoryboardVtt(text: string): StoryboardCue[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (!lines[0]?.startsWith("WEBVTT")) return [];
  const cues: StoryboardCue[] = [];
  for (let i = 1; i < lines.length; i++) {
    const timing = /^\s*(\S+)\s+-->\s+(\S+)/.exec(lines[i]);
    if (!timing) continue;
    const start = parseVttTime(timing[1]);
    const end = parseVttTime(timing[2]);
    const payload = lines[i + 1]?.trim();
    if (!payload || !Number.isFinite(start) || !Number.isFinite(end)) continue;
    const image = parseCueImage(payload);
    if (image) cues.push({ start, end, ...image });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing `time`: the last one starting at or before it (the first before the first). */
export function cueAt<T extends { start: number }>(cues: readonly T[], time: number): T | null {
  if (!cues.length) return null;
  let lo = 0;
  let hi = cues.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cues[mid].start <= time + 1e-6) lo = mid;
    else hi = mid - 1;
  }
  return cues[lo];
}
