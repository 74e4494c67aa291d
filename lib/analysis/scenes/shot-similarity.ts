// Shot-to-shot similarity for grouped shots and scenes: the keyframe descriptors (zoom-searched
// layout, palette, structure) blended with the decode pass's grid+histogram feature of the shot.
import type { FrameFeatures } from "@/lib/media/frame-features";
import { isBlack, shotFeature, shotSimilarity, type ShotFeature } from "@/lib/analysis/visual/shot-features";
import type { ShotSpan } from "@/lib/analysis/visual/shot-spans";
import { blendParts, describeKeyframe, keyframeSimilarity, type KeyframeDescriptor } from "./keyframe-descriptor";
import type { KeyframeImageSource } from "./keyframe-source";
import { SHOT_SIMILARITY } from "./tuning";
import { item } from "@/lib/core/item";

export interface ShotLookDescriptor {
  feature: ShotFeature | null;
  keyframe: KeyframeDescriptor | null;
}

/** Descriptors of every shot (keyframe images through `source`, when given). */
export async function describeShots(
  frames: readonly FrameFeatures[],
  shots: readonly ShotSpan[],
  source?: KeyframeImageSource,
): Promise<ShotLookDescriptor[]> {
  const out: ShotLookDescriptor[] = new Array(shots.length);
  // Keyframe images are read by a child process each: a few at a time, not one after another.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < shots.length; i = next++) {
      const s = item(shots, i);
      const feature = shotFeature(frames, s);
      const img = source && !(feature && isBlack(feature)) ? await source(s.keyframeTime, [s.start, s.end]) : null;
      out[i] = { feature, keyframe: img ? describeKeyframe(img) : null };
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, shots.length) }, worker));
  return out;
}

/** Keyframe images read at once by describeShots. */
const READ_CONCURRENCY = 2;

export const isBlackShot = (d: ShotLookDescriptor | null) =>
  !d || (d.feature ? isBlack(d.feature) : d.keyframe ? d.keyframe.meanLuma < 0.06 : true);

/** Two shots compared: as views of one set-up, and as neighbours that continue one scene. */
export interface LookScores {
  /** 0..1: grouped shots (and the set-ups counted in a scene). */
  setup: number;
  /**
   * 0..1: the same blend, but the zoom search's whole-window (layout) match counts only as far as
   * the whole-frame comparison without any search (the decode pass's grid+histogram) supports it;
   * beyond that the match must show in detail (keyframeSimilarity's zoomDetail). The search tries
   * hundreds of windows, and a smooth picture's broad light-to-dark layout matches one of them on
   * almost any other picture: such a chance match between two unrelated set-ups does not link two
   * scenes, while one framing of one set-up with things moving in it (its detail changed, its
   * layout not) still does. Equal to `setup` when either shot has no keyframe.
   */
  scene: number;
}

/** Both scores of two shots' looks, from one zoom search. */
export function lookScores(a: ShotLookDescriptor, b: ShotLookDescriptor): LookScores {
  const grid = a.feature && b.feature ? shotSimilarity(a.feature, b.feature) : null;
  if (a.keyframe && b.keyframe) {
    const k = keyframeSimilarity(a.keyframe, b.keyframe);
    if (grid === null) return { setup: k.score, scene: k.detailScore };
    const w = SHOT_SIMILARITY.keyframeWeight;
    const sceneZoom = Math.max(k.zoomDetail, Math.min(k.zoom, grid));
    return { setup: w * k.score + (1 - w) * grid, scene: w * blendParts(sceneZoom, k.palette, k.structure) + (1 - w) * grid };
  }
  const g = grid ?? 0;
  return { setup: g, scene: g };
}

/**
 * 0..1: how alike two shots look as views of one set-up (lookScores' `setup`). `quick`: a cheap
 * estimate (the zoom search from the keyframes' small signatures, microseconds instead of
 * milliseconds) for shortlisting.
 */
export function lookSimilarity(a: ShotLookDescriptor, b: ShotLookDescriptor, quick = false): number {
  if (!quick) return lookScores(a, b).setup;
  const grid = a.feature && b.feature ? shotSimilarity(a.feature, b.feature) : null;
  if (a.keyframe && b.keyframe) {
    const k = keyframeSimilarity(a.keyframe, b.keyframe, true).score;
    if (grid === null) return k;
    const w = SHOT_SIMILARITY.keyframeWeight;
    return w * k + (1 - w) * grid;
  }
  return grid ?? 0;
}

export const quickLookSimilarity = (a: ShotLookDescriptor, b: ShotLookDescriptor) => lookSimilarity(a, b, true);

/** The full comparison of two shots' looks (one of lookScores' scores, or a memo of it). */
export type LookSimilarity = (a: ShotLookDescriptor, b: ShotLookDescriptor) => number;

/** Both comparisons of a run: grouped shots use `setup`, scenes `scene` (and `setup` to count set-ups). */
export interface LookSimilarities {
  setup: LookSimilarity;
  scene: LookSimilarity;
}

/**
 * lookScores remembered per pair of descriptors, as asked (a, b): scenes and grouped shots
 * compare many of the same pairs (shots near each other in time) of one run's descriptors, and
 * one zoom search gives both scores.
 */
export function memoizedLookScores(): LookSimilarities {
  const memo = new WeakMap<ShotLookDescriptor, Map<ShotLookDescriptor, LookScores>>();
  const get = (a: ShotLookDescriptor, b: ShotLookDescriptor) => {
    let row = memo.get(a);
    if (!row) memo.set(a, (row = new Map()));
    let v = row.get(b);
    if (v === undefined) row.set(b, (v = lookScores(a, b)));
    return v;
  };
  return { setup: (a, b) => get(a, b).setup, scene: (a, b) => get(a, b).scene };
}
