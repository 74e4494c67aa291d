// Hard cuts: a one-frame jump that stands out from the local frame-to-frame change and persists.
import { frameDistance, gridDistance, histDistance } from "./frame-distance";
import type { ShotFrame } from "./types";
import { item } from "@/lib/core/item";

export interface Cut {
  /** Index of the first frame of the new shot. */
  frame: number;
  /** Adjacent-change score at the cut. */
  score: number;
  /** Score over the local background level. */
  ratio: number;
  /** The jump over the change a few frames either side (≥ 0.75 for every cut kept; ~1 when motion carries on through it). */
  sharpness: number;
  confidence: number;
}

export interface CutOptions {
  fps: number;
  /** Minimum adjacent-change score (default 0.06). */
  minScore?: number;
  /** Minimum ratio of the score to the local mean (default 3). */
  minRatio?: number;
}

/** Motion vs cut when the colours stay (values set on bench/scenes tune + bench/shots). */
export const CUT_TUNING = {
  /** Histogram distance below which the palette counts as unchanged across the frame pair. */
  samePaletteHist: 0.08,
  /** …and then the block grid must change at least this much for a cut… */
  samePaletteMinGrid: 0.14,
  /**
   * …unless the jump stands this many times above the typical (median) change around it: two calm
   * shots with one palette (a reverse shot across a table, issue 28: ~30×) rather than motion, which
   * comes with motion in the frames around it (the hand-held cockatoo's jerk: ~4×).
   */
  samePaletteCalmRatio: 8,
  /**
   * A cut replaces the picture: at least this share of the block grid's cells must change by more
   * than `changedCellLevel` (0–255). An object leaving the frame changes only the part it covered
   * (a wing across the lens in Sintel: 0.33); every real-film cut of bench/shots changes ≥ 0.67.
   */
  minChangedShare: 0.4,
  changedCellLevel: 10,
};

/** Share of block-grid cells whose mean |ΔRGB| exceeds `level`. */
export function changedShare(a: ShotFrame, b: ShotFrame, level: number): number {
  const ga = a.grid;
  const gb = b.grid;
  const cells = ga.length / 3;
  let changed = 0;
  for (let k = 0; k < ga.length; k += 3) {
    const d = (Math.abs((ga[k] ?? 0) - (gb[k] ?? 0)) + Math.abs((ga[k + 1] ?? 0) - (gb[k + 1] ?? 0)) + Math.abs((ga[k + 2] ?? 0) - (gb[k + 2] ?? 0))) / 3;
    if (d > level) changed++;
  }
  return cells ? changed / cells : 0;
}

/** Frames this close to their predecessor repeat it (frame-rate conversion, still frames). */
export const DUPLICATE_DIFF = 0.0025;

/**
 * Adjacent change per frame: fine luma difference (64×36), block-grid difference and histogram
 * change. The histogram part keeps camera motion (same colours, moved) low and cuts high.
 */
export function adjacentScores(frames: ShotFrame[]): Float64Array {
  const s = new Float64Array(frames.length);
  for (let i = 1; i < frames.length; i++) {
    const a = item(frames, i - 1);
    const b = item(frames, i);
    s[i] = (b.diffPrev + gridDistance(a, b) + 0.5 * histDistance(a, b)) / 2.5;
  }
  return s;
}

export function isDuplicate(frames: ShotFrame[], i: number): boolean {
  return i > 0 && item(frames, i).diffPrev < DUPLICATE_DIFF;
}

/**
 * Local background of the adjacent score around i: mean over `w` frames on each side, skipping
 * duplicates (they would drag the level down and make ordinary motion look like a jump) and the
 * strongest neighbour on each side (another cut or a flash nearby must not hide this one).
 */
function neighbours(scores: Float64Array, dup: Uint8Array, i: number, w: number, dir: -1 | 1): number[] {
  const vals: number[] = [];
  for (let j = i + dir, seen = 0; j > 0 && j < scores.length && seen < w * 3 && vals.length < w; j += dir, seen++) {
    if (!dup[j]) vals.push(scores[j] ?? 0);
  }
  return vals;
}

function background(scores: Float64Array, dup: Uint8Array, i: number, w: number): number {
  const side = (dir: -1 | 1) => {
    const vals = neighbours(scores, dup, i, w, dir);
    if (vals.length > 2) vals.splice(vals.indexOf(Math.max(...vals)), 1);
    return vals;
  };
  const vals = [...side(-1), ...side(1)];
  if (!vals.length) return 0;
  return vals.reduce((a, b) => a + b, 0) / vals.length;
}

/**
 * The typical change around i: the median of the same neighbours. Unlike the mean it stays low when
 * a few of them are damaged frames (each makes two high scores, in and out), so it tells whether the
 * shots on either side are calm.
 */
function calmLevel(scores: Float64Array, dup: Uint8Array, i: number, w: number): number {
  const vals = [...neighbours(scores, dup, i, w, -1), ...neighbours(scores, dup, i, w, 1)].sort((a, b) => a - b);
  if (!vals.length) return 0;
  const h = vals.length >> 1;
  return vals.length % 2 ? (vals[h] ?? 0) : ((vals[h - 1] ?? 0) + (vals[h] ?? 0)) / 2;
}

/**
 * True when content before i comes back within a few frames (a flash, a dropout, a one-off glitch)
 * rather than being replaced for good.
 */
function isTransient(frames: ShotFrame[], i: number, jump: number, span: number): boolean {
  const n = frames.length;
  const last = i - 1;
  // Forward: does a frame shortly after i look like the frame before i again?
  for (let k = 1; k <= span && i + k < n; k++) {
    if (frameDistance(item(frames, last), item(frames, i + k)) < 0.45 * jump) return true;
  }
  // Backward: does frame i look like a frame shortly before i-1 (i ends a flash)?
  for (let k = 1; k <= span && last - k >= 0; k++) {
    if (frameDistance(item(frames, last - k), item(frames, i)) < 0.45 * jump) return true;
  }
  return false;
}

export function detectCuts(frames: ShotFrame[], opts: CutOptions): Cut[] {
  const n = frames.length;
  if (n < 3) return [];
  const minScore = opts.minScore ?? 0.06;
  const minRatio = opts.minRatio ?? 3;
  const fps = opts.fps > 0 ? opts.fps : 30;
  const w = Math.max(4, Math.round(0.2 * fps));
  const span = Math.max(4, Math.round(0.15 * fps));
  const scores = adjacentScores(frames);
  const dup = new Uint8Array(n);
  for (let i = 1; i < n; i++) dup[i] = isDuplicate(frames, i) ? 1 : 0;

  const cuts: Cut[] = [];
  for (let i = 1; i < n; i++) {
    const s = scores[i] ?? 0;
    if (s < minScore || dup[i]) continue;
    // Local maximum over the neighbours (a cut is one frame; its neighbours are lower).
    if ((i > 1 && (scores[i - 1] ?? 0) > s) || (i + 1 < n && (scores[i + 1] ?? 0) >= s)) continue;
    const bg = background(scores, dup, i, w);
    const ratio = s / (bg + 0.004);
    if (ratio < minRatio) continue;
    const jump = frameDistance(item(frames, i - 1), item(frames, i));
    // Inside a fast dissolve/fade every frame moves a little: the jump must carry most of the change
    // seen over a few frames around it.
    // Each side is measured m and m+1 frames away and the smaller kept: one damaged frame (a block,
    // a black band) at exactly that distance must not pass for a transition.
    const m = Math.max(2, Math.round(0.07 * fps));
    const at = (k: number) => item(frames, Math.max(0, Math.min(n - 1, k)));
    const around =
      Math.min(frameDistance(at(i - 1 - m), item(frames, i - 1)), frameDistance(at(i - 2 - m), item(frames, i - 1))) +
      Math.min(frameDistance(item(frames, i), at(i + m)), frameDistance(item(frames, i), at(i + m + 1)));
    if (jump < 0.75 * around) continue;
    if (isTransient(frames, i, jump, span)) continue;
    // The palette holds and the layout moves only a little: fast motion (a jerk of the camera or a
    // close-up subject), not a cut. A jump cut inside one set-up moves whole objects. But a jump far
    // above a calm background is a cut between two still shots that share their colours and layout
    // (over-the-shoulder reverse shots): motion does not start and stop within one frame.
    if (
      histDistance(item(frames, i - 1), item(frames, i)) < CUT_TUNING.samePaletteHist &&
      gridDistance(item(frames, i - 1), item(frames, i)) < CUT_TUNING.samePaletteMinGrid &&
      s / (calmLevel(scores, dup, i, w) + 0.004) < CUT_TUNING.samePaletteCalmRatio
    ) continue;
    if (changedShare(item(frames, i - 1), item(frames, i), CUT_TUNING.changedCellLevel) < CUT_TUNING.minChangedShare) continue;
    const confidence = Math.min(1, 0.5 * Math.min(1, s / 0.2) + 0.5 * Math.min(1, (ratio - minRatio) / (2 * minRatio) + 0.5));
    cuts.push({ frame: i, score: s, ratio, sharpness: around > 0 ? jump / around : 10, confidence });
  }
  return cuts;
}
