// Measures of a frame pair or a window of frames that tell transitions from other change.
import type { ShotFrame } from "./types";
import { item } from "@/lib/core/item";

export type Flat = "black" | "white" | null;

/** A frame of (almost) one colour: black or white; other flat colours are ordinary content. */
export function flatKind(f: ShotFrame): Flat {
  // Dark footage with any detail (a dim object, a lit window) keeps more spread than this.
  if (f.lumaStd > 0.03) return null;
  if (f.meanLuma < 0.1) return "black";
  if (f.meanLuma > 0.85) return "white";
  return null;
}

/** Share of grid blocks whose colour changes noticeably between a and b. */
export function changedShare(a: ShotFrame, b: ShotFrame): number {
  const ga = a.grid;
  const gb = b.grid;
  let changed = 0;
  for (let c = 0; c < ga.length; c += 3) {
    if (Math.abs((ga[c] ?? 0) - (gb[c] ?? 0)) + Math.abs((ga[c + 1] ?? 0) - (gb[c + 1] ?? 0)) + Math.abs((ga[c + 2] ?? 0) - (gb[c + 2] ?? 0)) > 40) changed++;
  }
  return changed / (ga.length / 3);
}

/** Share of the frame-to-frame change in (s, e] that global-motion compensation removes. */
export function motionExplained(frames: ShotFrame[], s: number, e: number): number {
  let raw = 0;
  let mc = 0;
  for (let t = s + 1; t <= e; t++) {
    const f = item(frames, t);
    if (f.rawDiff === undefined || f.mcDiff === undefined) return 0;
    raw += f.rawDiff;
    mc += f.mcDiff;
  }
  return raw > 0 ? 1 - mc / raw : 0;
}

/**
 * Share of the change from a to b left after the best gain+offset fit shared by the three channels
 * (clamped to the byte range): ≈0 when b is a under brighter or dimmer light (exposure, flicker),
 * large when the pictures differ. Sharing the fit across channels keeps a change of colour (one
 * flat colour dissolving into another) from passing as light.
 */
export function photometricResidual(a: ShotFrame, b: ShotFrame): number {
  const ga = a.grid;
  const gb = b.grid;
  let sx = 0, sy = 0, sxx = 0, sxy = 0, k = 0;
  for (let c = 0; c < ga.length; c++) {
    const x = ga[c] ?? 0, y = gb[c] ?? 0;
    // Clipped values say nothing about the gain.
    if (x < 6 || y < 6 || x > 249 || y > 249) continue;
    sx += x; sy += y; sxx += x * x; sxy += x * y; k++;
  }
  const vx = k ? sxx - (sx * sx) / k : 0;
  const gain = k > 0 && vx > 25 * k ? (sxy - (sx * sy) / k) / vx : 1;
  // Light and exposure scale a picture moderately; a gain near 0 would "explain" any flat picture.
  if (!(gain > 0.45 && gain < 2.2)) return 1;
  const offset = k ? (sy - gain * sx) / k : 0;
  // …and shift it by 30 % of the range at most (flat dark to flat grey is a new picture).
  if (Math.abs(offset) > 77) return 1;
  // Each block may match the refitted block or one of its neighbours: the camera or the subject
  // may have moved a little while the light changed.
  const W = 16;
  const H = ga.length / 3 / W;
  let resid = 0;
  let change = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      for (let ch = 0; ch < 3; ch++) {
        const c = (y * W + x) * 3 + ch;
        let best = Infinity;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = y + dy, xx = x + dx;
            if (yy < 0 || yy >= H || xx < 0 || xx >= W) continue;
            const fit = Math.min(255, Math.max(0, gain * (ga[(yy * W + xx) * 3 + ch] ?? 0) + offset));
            best = Math.min(best, Math.abs((gb[c] ?? 0) - fit));
          }
        }
        resid += best;
        change += Math.abs((gb[c] ?? 0) - (ga[c] ?? 0));
      }
    }
  }
  return change > 0 ? resid / change : 0;
}

/**
 * Share of changing blocks that, in the middle of the transition, are already (almost) entirely
 * the new picture or still entirely the old one — high for wipes, low for dissolves.
 */
export function wipeShare(frames: ShotFrame[], s: number, e: number): number {
  const gs = item(frames, s).grid;
  const ge = item(frames, e).grid;
  const from = s + Math.max(1, Math.floor((e - s) / 3));
  const to = e - Math.max(1, Math.floor((e - s) / 3));
  let extreme = 0;
  let counted = 0;
  for (let t = from; t <= Math.max(from, to); t++) {
    const gt = item(frames, t).grid;
    for (let c = 0; c < gs.length; c += 3) {
      const span = Math.abs((ge[c] ?? 0) - (gs[c] ?? 0)) + Math.abs((ge[c + 1] ?? 0) - (gs[c + 1] ?? 0)) + Math.abs((ge[c + 2] ?? 0) - (gs[c + 2] ?? 0));
      if (span < 40) continue;
      const da = Math.abs((gt[c] ?? 0) - (gs[c] ?? 0)) + Math.abs((gt[c + 1] ?? 0) - (gs[c + 1] ?? 0)) + Math.abs((gt[c + 2] ?? 0) - (gs[c + 2] ?? 0));
      const db = Math.abs((gt[c] ?? 0) - (ge[c] ?? 0)) + Math.abs((gt[c + 1] ?? 0) - (ge[c + 1] ?? 0)) + Math.abs((gt[c + 2] ?? 0) - (ge[c + 2] ?? 0));
      const alpha = da / (da + db || 1);
      counted++;
      if (alpha < 0.2 || alpha > 0.8) extreme++;
    }
  }
  return counted ? extreme / counted : 0;
}
