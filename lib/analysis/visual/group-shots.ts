// Shots of the same set-up, grouped across the whole video by the look of their keyframes.
import type { FrameFeatures } from "@/lib/media/frame-features";
import { clusterBySimilarity, meanSimilarityWithin, similarityMatrix } from "./cluster";
import { isBlack, shotFeature, shotSimilarity, type ShotFeature } from "./shot-features";
import type { ShotSpan } from "./shot-spans";

/**
 * Average-linkage similarity at which two shots count as the same set-up. Measured on synthetic
 * footage (the bench/shots sources; one source 3 s apart vs 26 different sources): at 0.7 three
 * in four same-source pairs group — the misses are pans and zooms that really change the picture —
 * and none of 325 different-source pairs does.
 */
export const SETUP_THRESHOLD = 0.7;

export interface ShotGroup {
  /** 1-based, numbered by first appearance. */
  id: number;
  /** Indices into the shots array, ascending. */
  shots: number[];
  /** Per member (same order): mean similarity to the other members. */
  similarity: number[];
}

export interface ShotGrouping {
  /** Groups of two or more shots. */
  groups: ShotGroup[];
  /** Shots that look like no other shot. */
  singles: number[];
  /** Shots left out: black (fade slugs) or without decoded frames. */
  skipped: number[];
}

/** Groups shots by the similarity of their features (null features and black shots are skipped). */
export function groupShotFeatures(features: readonly (ShotFeature | null)[], threshold = SETUP_THRESHOLD): ShotGrouping {
  const usable: number[] = [];
  const skipped: number[] = [];
  features.forEach((f, i) => (f && !isBlack(f) ? usable.push(i) : skipped.push(i)));
  const items = usable.map((i) => features[i]!);
  const sims = similarityMatrix(items, shotSimilarity);
  const { clusters } = clusterBySimilarity(sims, items.length, threshold);
  const groups: ShotGroup[] = [];
  const singles: number[] = [];
  for (const members of clusters) {
    if (members.length < 2) {
      singles.push(usable[members[0]]);
      continue;
    }
    groups.push({
      id: groups.length + 1,
      shots: members.map((m) => usable[m]),
      similarity: members.map((m) => Math.round(meanSimilarityWithin(sims, items.length, m, members) * 1000) / 1000),
    });
  }
  return { groups, singles, skipped };
}

export function groupShots(frames: readonly FrameFeatures[], shots: readonly ShotSpan[], threshold = SETUP_THRESHOLD): ShotGrouping {
  return groupShotFeatures(shots.map((s) => shotFeature(frames, s)), threshold);
}
