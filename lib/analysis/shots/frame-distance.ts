// Distances between frames' compact descriptors (block grid, colour histogram), all 0..1.
import type { ShotFrame } from "./types";

/** Mean |Δ| over the RGB block grid. */
export function gridDistance(a: ShotFrame, b: ShotFrame): number {
  const ga = a.grid;
  const gb = b.grid;
  let s = 0;
  for (let k = 0; k < ga.length; k++) s += Math.abs((ga[k] ?? 0) - (gb[k] ?? 0));
  return s / (ga.length * 255);
}

/** Half the L1 distance of the normalised histograms (share of pixels that changed bins). */
export function histDistance(a: ShotFrame, b: ShotFrame): number {
  const ha = a.hist;
  const hb = b.hist;
  let s = 0;
  let n = 0;
  for (let k = 0; k < ha.length; k++) {
    s += Math.abs((ha[k] ?? 0) - (hb[k] ?? 0));
    n += ha[k] ?? 0;
  }
  return n ? s / (2 * n) : 0;
}

/** The blend used for multi-frame comparisons: layout (grid) and colour content (histogram). */
export function frameDistance(a: ShotFrame, b: ShotFrame): number {
  return 0.5 * gridDistance(a, b) + 0.5 * histDistance(a, b);
}
