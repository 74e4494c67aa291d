// Shot-to-shot similarity for grouped shots and scenes: the keyframe descriptors (zoom-searched
// layout, palette, structure) blended with the decode pass's grid+histogram feature of the shot.
import type { FrameFeatures } from "@/lib/media/frame-features";
import { isBlack, shotFeature, shotSimilarity, type ShotFeature } from "@/lib/analysis/visual/shot-features";
import type { ShotSpan } from "@/lib/analysis/visual/shot-spans";
import { describeKeyframe, keyframeSimilarity, type KeyframeDescriptor } from "./keyframe-descriptor";
import type { KeyframeImageSource } from "./keyframe-source";
import { SHOT_SIMILARITY } from "./tuning";

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
      const s = shots[i]!;
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

/**
 * 0..1: how alike two shots look as views of one set-up. `quick`: a cheap estimate (the zoom search
 * from the keyframes' small signatures, microseconds instead of milliseconds) for shortlisting.
 */
export function lookSimilarity(a: ShotLookDescriptor, b: ShotLookDescriptor, quick = false): number {
  const grid = a.feature && b.feature ? shotSimilarity(a.feature, b.feature) : null;
  if (a.keyframe && b.keyframe) {
    const k = keyframeSimilarity(a.keyframe, b.keyframe, quick).score;
    if (grid === null) return k;
    const w = SHOT_SIMILARITY.keyframeWeight;
    return w * k + (1 - w) * grid;
  }
  return grid ?? 0;
}

export const quickLookSimilarity = (a: ShotLookDescriptor, b: ShotLookDescriptor) => lookSimilarity(a, b, true);

/** The full comparison of two shots' looks (lookSimilarity, or a memo of it). */
export type LookSimilarity = (a: ShotLookDescriptor, b: ShotLookDescriptor) => number;

/**
 * lookSimilarity remembered per pair of descriptors, as asked (a, b): scenes and grouped shots
 * compare many of the same pairs (shots near each other in time) of one run's descriptors.
 */
export function memoizedLookSimilarity(): LookSimilarity {
  const memo = new WeakMap<ShotLookDescriptor, Map<ShotLookDescriptor, number>>();
  return (a, b) => {
    let row = memo.get(a);
    if (!row) memo.set(a, (row = new Map()));
    let v = row.get(b);
    if (v === undefined) row.set(b, (v = lookSimilarity(a, b)));
    return v;
  };
}
