// The shots' look descriptors and the memo of their pairwise similarity, once per run's media and
// shot list: scenes and grouped shots describe the same shots (keyframe images read once) and
// compare many of the same pairs, at milliseconds a pair.
import type { FrameFeatures } from "@/lib/media/frame-features";
import type { ShotSpan } from "@/lib/analysis/visual/shot-spans";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import { sharedKeyframeSource } from "./keyframe-source";
import { describeShots, memoizedLookScores, type LookSimilarities, type ShotLookDescriptor } from "./shot-similarity";

export interface SharedLooks {
  looks: ShotLookDescriptor[];
  /** One memo of both comparisons (grouped shots: `setup`; scenes: both). */
  similarity: LookSimilarities;
}

const perMedia = new WeakMap<object, Map<string, Promise<SharedLooks>>>();

export function sharedShotLooks(
  shared: Pick<SharedMedia, "keyframeImage">,
  frames: readonly FrameFeatures[],
  shots: readonly ShotSpan[],
  signal?: AbortSignal,
): Promise<SharedLooks> {
  let byShots = perMedia.get(shared);
  if (!byShots) perMedia.set(shared, (byShots = new Map()));
  const key = shots.map((s) => `${s.start}:${s.end}:${s.keyframeTime}`).join(";");
  let looks = byShots.get(key);
  if (!looks) {
    const cache = byShots;
    looks = describeShots(frames, shots, sharedKeyframeSource(shared, signal)).then((l) => ({ looks: l, similarity: memoizedLookScores() }));
    looks.catch(() => cache.delete(key));
    cache.set(key, looks);
  }
  return looks;
}
