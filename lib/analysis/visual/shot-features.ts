// What a shot looks like, as a small vector from the decode pass: the 16×9 RGB block grid (layout)
// and the 64-bin colour histogram (palette), averaged over a few frames around the keyframe so a
// passing hand or a blink does not decide. Shots of the same set-up (same camera, same place)
// agree on both; a different place differs in layout, usually in palette too.
import { GRID_H, GRID_W, HIST_BINS, type FrameFeatures } from "@/lib/media/frame-features";
import { frameAt, framesIn } from "./frame-stats";
import type { ShotSpan } from "./shot-spans";
import { item } from "@/lib/core/item";

export interface ShotFeature {
  /** GRID_W×GRID_H×3 block means, 0..1. */
  grid: Float32Array;
  /** Histogram as proportions (sums to 1). */
  hist: Float32Array;
  /** Mean luma 0..1 (to recognise black/blank frames). */
  luma: number;
}

const GRID_LEN = GRID_W * GRID_H * 3;

/** Up to `samples` frames spread over the middle of the shot (its keyframe among them). */
function sampleFrames(frames: readonly FrameFeatures[], shot: ShotSpan, samples: number): FrameFeatures[] {
  const len = shot.end - shot.start;
  const inner = framesIn(frames, shot.start + len * 0.2, shot.end - len * 0.2);
  const pool = inner.length ? inner : framesIn(frames, shot.start, shot.end);
  const picked: FrameFeatures[] = [];
  const key = frameAt(frames, shot.keyframeTime);
  if (key && key.time >= shot.start - 1e-6 && key.time < shot.end) picked.push(key);
  if (pool.length) {
    const want = Math.min(samples, pool.length);
    for (let i = 0; i < want; i++) {
      const f = item(pool, Math.floor(((i + 0.5) * pool.length) / want));
      if (!picked.includes(f)) picked.push(f);
    }
  }
  if (!picked.length && key) picked.push(key);
  return picked;
}

export function shotFeature(frames: readonly FrameFeatures[], shot: ShotSpan, samples = 5): ShotFeature | null {
  const picked = sampleFrames(frames, shot, samples);
  if (!picked.length) return null;
  const grid = new Float32Array(GRID_LEN);
  const hist = new Float32Array(HIST_BINS);
  let luma = 0;
  for (const f of picked) {
    for (let i = 0; i < GRID_LEN; i++) grid[i] = (grid[i] ?? 0) + ((f.grid[i] ?? 0) / 255);
    let total = 0;
    for (let i = 0; i < HIST_BINS; i++) total += f.hist[i] ?? 0;
    for (let i = 0; i < HIST_BINS; i++) hist[i] = (hist[i] ?? 0) + (total ? (f.hist[i] ?? 0) / total : 0);
    luma += f.meanLuma;
  }
  for (let i = 0; i < GRID_LEN; i++) grid[i] = (grid[i] ?? 0) / picked.length;
  for (let i = 0; i < HIST_BINS; i++) hist[i] = (hist[i] ?? 0) / picked.length;
  return { grid, hist, luma: luma / picked.length };
}

/** Mean |Δ| over the grid at which layouts count as unrelated. */
const GRID_SCALE = 0.25;

/**
 * Similarity of two shots, 0..1: the mean of a layout score (1 − mean absolute grid difference,
 * scaled so a difference of GRID_SCALE or more scores 0) and the histogram intersection.
 */
export function shotSimilarity(a: ShotFeature, b: ShotFeature): number {
  let d = 0;
  for (let i = 0; i < GRID_LEN; i++) d += Math.abs((a.grid[i] ?? 0) - (b.grid[i] ?? 0));
  const gridSim = Math.max(0, 1 - d / GRID_LEN / GRID_SCALE);
  let inter = 0;
  for (let i = 0; i < HIST_BINS; i++) inter += Math.min(a.hist[i] ?? 0, b.hist[i] ?? 0);
  return 0.5 * gridSim + 0.5 * Math.min(1, inter);
}

/** A frame that is (nearly) black: fades, slugs between scenes. */
export const isBlack = (f: { luma: number }) => f.luma < 0.06;
