// Every threshold and weight of the scene and set-up analysis, in one place. Values were set on
// the "tune" part of the real-footage set (bench/scenes) and the synthetic shot set (bench/shots);
// the "held-out" part of bench/scenes was never used to choose them. Change them here only, then
// run `npx tsx bench/scenes/run.ts` (both parts are printed) and `npx tsx bench/shots/run.ts`.

/** Keyframe descriptors (keyframe-descriptor.ts). */
export const DESCRIPTOR = {
  /** Window sizes tried by the zoom search (relative to the other picture's core): 1× … 4× zoom. */
  zoomScales: [1.5, 1.2, 1, 0.8, 0.63, 0.5, 0.4, 0.32, 0.25] as readonly number[],
  /** The other picture is compared by its central share (each axis): leaves room for shifts. */
  core: 0.65,
  /** Coarse grid of window positions: one every this share of the window, at most maxPositions per axis (then refined). */
  positionStep: 0.25,
  maxPositions: 8,
  /** The coarse search compares windows at 1/coarseFactor of the compare size (1 or 2). */
  coarseFactor: 2,
  /** How many of the best coarse windows are refined (full size, with colour). */
  refineTop: 8,
  /** Zoom match = nccWeight × luma correlation + (1 − nccWeight) × chromaticity agreement. */
  nccWeight: 0.75,
  /** Mean |Δ| of chromaticity (r and g shares, summed) at which colours count as unrelated. */
  chromaScale: 0.12,
  /**
   * Detail blocks (x × y over the compared core): the zoom search also scores each window on its
   * luma with every block's mean removed, so a smooth picture's broad light-to-dark layout alone
   * does not make a match (scenes use that score; see SCENES).
   */
  detailBlocks: [4, 2] as readonly [number, number],
  /** Blend of the parts into one keyframe similarity. */
  weights: { zoom: 0.7, palette: 0.25, structure: 0.05 },
} as const;

/** Shot-to-shot similarity used by grouped shots and scenes (shot-similarity.ts). */
export const SHOT_SIMILARITY = {
  /**
   * Weight of the keyframe descriptors against the decode pass's grid+histogram feature (averaged
   * over five frames; the only evidence when no keyframe image could be read).
   */
  keyframeWeight: 0.8,
} as const;

/** Grouped shots (visual/group-shots.ts): average-linkage similarity at which shots are one set-up. */
export const SETUP_THRESHOLD = 0.62;

/**
 * Grouped shots compare every pair of shots by a cheap estimate (lookSimilarity with the zoom search
 * on tiny signatures: microseconds a pair) and only a shortlist in full (visual/shortlist-matrix.ts):
 * each shot's `shortlist` best-estimated partners and the shots within `neighbours` of it in time,
 * unless estimated below SETUP_THRESHOLD − `floorBelow`. The full comparison (milliseconds a pair)
 * then grows as n × (shortlist + 2 × neighbours) at most instead of n²/2. On tune the full score
 * exceeded the estimate by at most 0.23, and every pair at or above the threshold was estimated ≥ 0.44.
 */
export const GROUPING = { shortlist: 4, neighbours: 2, floorBelow: 0.25 } as const;

/** Scenes (scenes/merge-scenes.ts). */
export const SCENES = {
  /** How many earlier shots a shot is compared with. */
  window: 4,
  /**
   * Similarity at which a shot continues the scene of an earlier one (before transition evidence).
   * Scenes compare shots by lookScores().scene (shot-similarity.ts): the zoom search's layout match
   * only as far as the whole-frame comparison supports it, else its detail match — so a chance
   * layout match between two unrelated set-ups (t4-short-insert: 0.607–0.633 before) stays below.
   */
  threshold: 0.6,
  /**
   * Transitions are evidence, not rules: the similarity needed to continue a scene rises by this
   * much across a fade through black (or a black slug), or a dissolve. A fade between two shots of
   * the same set-up therefore stays inside the scene; between merely alike places it ends it.
   */
  fadePenalty: 0.15,
  /** A black slug (a black shot of its own) is a longer pause: only a near-identical picture continues across it. */
  slugPenalty: 0.35,
  dissolvePenalty: 0.05,
  /**
   * Speech running across the boundary lowers the similarity needed by this much: on a plain cut
   * speech alone keeps the shots together; across a fade the pictures must still be a little alike.
   */
  speechBonus: 0.5,
  /** Speech that pauses less than this across a cut counts as running across it (seconds). */
  speechGap: 1,
  /**
   * A-B-A: a return to the set-up of an earlier shot ties the shots between into its scene only
   * when they are an insert (cutaway, reaction) — together at most this long (seconds) — or when
   * they themselves return (A B A B dialogue). Longer excursions (A, B, C of several seconds each,
   * then A) are separate scenes: the story went elsewhere and came back.
   */
  insertMaxSeconds: 2.5,
  /**
   * A shot shorter than this (seconds) between two set-ups that do not continue each other is one
   * side's insert or a moment of its own, never the hinge that joins both: it is compared with both
   * neighbours and joins at most the one it resembles more (at the usual threshold, less the
   * transition's penalty); when it resembles neither it stands alone.
   */
  shortShotSeconds: 2,
} as const;
