// A storyboard's WebVTT "thumbnails" track: one cue per tile of a sprite image, the cue text the
// image's URI with a media fragment `#xywh=x,y,w,h` naming the tile. The format video players
// (video.js, JW Player, Shaka, Plyr…) read for seek-bar previews. Pure functions: the pipeline
// writes it, the playback route rewrites its image URI, the browser parses it. Times and cue
// blocks go through the same WebVTT writer and parser as subtitles.
import { parseWebVtt } from "@/lib/analysis/text/vtt";
import { clock } from "@/lib/schemas/formats";
import { item } from "@/lib/core/item";

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

export function buildStoryboardVtt(cues: StoryboardCue[]): string {
  const blocks = cues.map((c) => `${clock(c.start, ".")} --> ${clock(c.end, ".")}\n${c.url}#xywh=${c.x},${c.y},${c.w},${c.h}`);
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

/** The cue text's URI and tile; null when it names no tile. */
export function parseCueImage(text: string): Pick<StoryboardCue, "url" | "x" | "y" | "w" | "h"> | null {
  const hash = text.lastIndexOf("#");
  if (hash < 0) return null;
  const m = /^xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/.exec(text.slice(hash + 1).trim());
  if (!m) return null;
  const [x, y, w, h] = m.slice(1).map(Number);
  if (w! <= 0 || h! <= 0) return null;
  return { url: text.slice(0, hash).trim(), x: x!, y: y!, w: w!, h: h! };
}

/** The cues of a thumbnails track, in time order; cues without a tile are skipped. */
export function parseStoryboardVtt(text: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  for (const cue of parseWebVtt(text)) {
    const image = parseCueImage(cue.text);
    if (image) cues.push({ start: cue.start, end: cue.end, ...image });
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
    if (item(cues, mid).start <= time + 1e-6) lo = mid;
    else hi = mid - 1;
  }
  return item(cues, lo);
}
