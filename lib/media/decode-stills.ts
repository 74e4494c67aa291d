// Stills from the single decode pass: a second branch of the same ffmpeg filtergraph keeps one
// frame every `interval` seconds, scales it to a keyframe size and writes it as a JPEG. The shots'
// keyframes, OCR and labels, the thumbnail and the storyboard are all picked from these files, so
// nothing decodes the video a second time. Node keeps the small (analysis-size) RGB of the same
// frames, for descriptors that want pixels without opening a JPEG.
import path from "node:path";
import { item } from "@/lib/core/item";

export interface StillsOptions {
  /** Folder the JPEGs go to (`000000.jpg`, `000001.jpg`, …); must exist. */
  dir: string;
  /** Seconds between stills (the first frame is always one). */
  interval: number;
  /** Even output size. */
  width: number;
  height: number;
  /** ffmpeg mjpeg -q:v (2 best … 31 worst). */
  quality?: number;
}

export interface Still {
  /** Position among the stills, 0-based (file `NNNNNN.jpg`). */
  index: number;
  /** Presentation time in seconds. */
  time: number;
  /** Absolute path of the JPEG. */
  file: string;
  /** The same frame at analysis size (rgb24, the decode's analysisWidth×analysisHeight), when paired. */
  small: Uint8Array | null;
}

/** Logged by the stills branch's showinfo (the features branch's is `[Parsed_showinfo…`). */
export const STILL_SHOWINFO_PREFIX = "[showinfo@still";

export function stillFile(dir: string, index: number): string {
  return path.join(dir, `${String(index).padStart(6, "0")}.jpg`);
}

export function stillsFilter(o: StillsOptions): string {
  const every = o.interval.toFixed(4);
  // The first frame of every interval-long bucket [k·interval, (k+1)·interval): stills sit on the
  // grid whatever the frame rate. prev_selected_t is NaN until a frame was selected.
  return `select='isnan(prev_selected_t)+gt(floor(t/${every}+1e-6),floor(prev_selected_t/${every}+1e-6))',scale=${o.width}:${o.height}:flags=bicubic,showinfo@still`;
}

export function stillsOutputArgs(o: StillsOptions): string[] {
  // Atomic writes (a temporary name, renamed when complete): a still that exists is whole, so
  // readers may pick stills up while the pass is still decoding.
  return ["-an", "-sn", "-dn", "-c:v", "mjpeg", "-q:v", String(o.quality ?? 4), "-start_number", "0", "-f", "image2", "-atomic_writing", "1", path.join(o.dir, "%06d.jpg")];
}

/** Even still size for a source of w×h: at most `longSide` on the longer side, never upscaled. */
export function stillSize(w: number, h: number, longSide = 960): { width: number; height: number } {
  if (!(w > 0 && h > 0)) return { width: longSide, height: Math.round((longSide * 9) / 16 / 2) * 2 };
  const k = Math.min(1, longSide / Math.max(w, h));
  const even = (v: number) => Math.max(2, Math.round((v * k) / 2) * 2);
  return { width: even(w), height: even(h) };
}

/**
 * The still nearest to `time` in time-ordered `stills`; with `within` [start, end), only one inside
 * that span (null when the span holds none, e.g. a shot shorter than the stills' interval).
 */
export function nearestStill<S extends { time: number }>(stills: readonly S[], time: number, within?: [number, number]): S | null {
  let best: S | null = null;
  let lo = 0;
  let hi = stills.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (item(stills, mid).time < time) lo = mid + 1;
    else hi = mid;
  }
  const inside = (s: S) => !within || (s.time >= within[0] - 1e-6 && s.time < within[1] - 1e-6);
  for (const s of [stills[lo - 1], stills[lo]]) {
    if (!s || !inside(s)) continue;
    if (!best || Math.abs(s.time - time) < Math.abs(best.time - time)) best = s;
  }
  // The nearest may sit outside while another inside is a little farther.
  if (!best && within) best = stills.find(inside) ?? null;
  return best;
}

/**
 * Applies the stills branch's selection rule to the feature frames as they arrive in Node and keeps
 * a copy of each selected small frame, to be paired with the JPEGs by time when the pass ends.
 */
export class SmallStillKeeper {
  private kept: { time: number; rgb: Uint8Array }[] = [];
  private lastBucket = -Infinity;
  private readonly every: number;

  constructor(interval: number) {
    // The same rounded interval the filter uses.
    this.every = Number(interval.toFixed(4));
  }

  /** Keeps the frame when it is the first of its bucket; returns its position among the stills, else -1. */
  offer(time: number, rgb: Uint8Array): number {
    const bucket = Math.floor(time / this.every + 1e-6);
    if (bucket <= this.lastBucket) return -1;
    this.lastBucket = bucket;
    this.kept.push({ time, rgb: rgb.slice() });
    return this.kept.length - 1;
  }

  /** The small frame kept as the `index`-th still. */
  smallAt(index: number): Uint8Array | null {
    return this.kept[index]?.rgb ?? null;
  }

  /** The stills ffmpeg reported (index → time), each with the kept small frame at the same time. */
  pair(times: readonly number[], o: StillsOptions): Still[] {
    const out: Still[] = [];
    let k = 0;
    for (let i = 0; i < times.length; i++) {
      const t = times[i];
      if (t === undefined) continue;
      while (k + 1 < this.kept.length && Math.abs(item(this.kept, k + 1).time - t) <= Math.abs(item(this.kept, k).time - t)) k++;
      const near = this.kept[k];
      out.push({ index: i, time: t, file: stillFile(o.dir, i), small: near && Math.abs(near.time - t) < 0.02 ? near.rgb : null });
    }
    return out;
  }
}
