// Shots of the same set-up, grouped across the whole video by the look of their keyframes: the
// zoom-searched keyframe descriptors (so a wide shot, a medium and a close-up of one set-up meet)
// blended with the decode pass's grid+histogram feature. Threshold: lib/analysis/scenes/tuning.ts.
import { isBlackShot, lookSimilarity, quickLookSimilarity, type LookSimilarity, type ShotLookDescriptor } from "@/lib/analysis/scenes/shot-similarity";
import { GROUPING, SETUP_THRESHOLD } from "@/lib/analysis/scenes/tuning";
import { clusterBySimilarity, meanSimilarityWithin } from "./cluster";
import { shortlistMatrix, type ShortlistOptions } from "./shortlist-matrix";
import type { ShotFeature } from "./shot-features";

export { SETUP_THRESHOLD };

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
  /** Pairs of shots compared in full (the rest by the cheap estimate only). */
  fullPairs: number;
}

/**
 * Groups shots by the similarity of their look descriptors (black shots and missing ones skipped);
 * the full comparison (`similarity`, default lookSimilarity; a run passes its memo shared with
 * scenes) only on a shortlist of pairs (GROUPING in tuning.ts).
 */
export async function groupByLook(
  looks: readonly (ShotLookDescriptor | null)[],
  threshold = SETUP_THRESHOLD,
  shortlist: Partial<ShortlistOptions> = {},
  similarity: LookSimilarity = lookSimilarity,
): Promise<ShotGrouping> {
  const usable: number[] = [];
  const skipped: number[] = [];
  looks.forEach((d, i) => (d && (d.feature || d.keyframe) && !isBlackShot(d) ? usable.push(i) : skipped.push(i)));
  const items = usable.map((i) => looks[i]!);
  const { sims, fullPairs } = await shortlistMatrix(items, quickLookSimilarity, similarity, {
    shortlist: GROUPING.shortlist,
    neighbours: GROUPING.neighbours,
    minEstimate: threshold - GROUPING.floorBelow,
    ...shortlist,
  });
  const { clusters } = clusterBySimilarity(sims, items.length, threshold);
  const groups: ShotGroup[] = [];
  const singles: number[] = [];
  for (const members of clusters) {
    if (members.length < 2) {
      singles.push(usable[members[0] ?? 0] ?? 0);
      continue;
    }
    groups.push({
      id: groups.length + 1,
      shots: members.map((m) => usable[m] ?? 0),
      similarity: members.map((m) => Math.round(meanSimilarityWithin(sims, items.length, m, members) * 1000) / 1000),
    });
  }
  return { groups, singles, skipped, fullPairs };
}

/** Grouping by decode-pass features alone (no keyframe images). */
export function groupShotFeatures(features: readonly (ShotFeature | null)[], threshold = SETUP_THRESHOLD): Promise<ShotGrouping> {
  return groupByLook(features.map((feature) => (feature ? { feature, keyframe: null } : null)), threshold);
}
