// Gradual transitions (dissolves, fades, wipes): content that moves from one stable picture to
// another over several frames, every frame in between being a mix of the two.
//
// 1. Candidates: peaks of the multi-frame distance W_h(c) = d(c−h, c+h) for several spans h that
//    stand out against the change over the same span just before and just after.
// 2. Refinement: progress p_t = d(a,t)/(d(a,t)+d(t,b)) between the window ends locates the start
//    and end of the change.
// 3. Verification: in a mix, every frame lies "between" the ends on the block grid, so
//    d(s,t)+d(t,e) ≈ d(s,e) (for dissolves, fades and wipes alike, per block and channel). Camera
//    motion over texture breaks this (a moved picture is not between the two ends), as do flashes.
// 4. Type: an end that is flat black/white → fade; blocks that are each either "still A" or
//    "already B" mid-way → wipe; blocks all part-way → dissolve.
import { frameDistance, gridDistance } from "./frame-distance";
import type { ShotFrame, TransitionKind } from "./types";

export interface Gradual {
  /** Last frame that still shows the old picture (or the first transition frame). */
  start: number;
  /** First frame that fully shows the new picture. */
  end: number;
  type: Extract<TransitionKind, "dissolve" | "wipe" | "fade_in" | "fade_out">;
  /** Flat frame colour the fade goes to/from. */
  via?: "black" | "white";
  /** d(start, end). */
  distance: number;
  /** Mean excess of d(s,t)+d(t,e) over d(s,e), relative (0 = perfect mix). */
  detour: number;
  confidence: number;
}

export interface GradualOptions {
  fps: number;
  /** Longest transition looked for, seconds (default 2.5). */
  maxSeconds?: number;
  /** Receives why candidates were dropped (tuning aid). */
  debug?: (message: string) => void;
}

export type Flat = "black" | "white" | null;

/** A frame of (almost) one colour: black or white; other flat colours are ordinary content. */
export function flatKind(f: ShotFrame): Flat {
  if (f.lumaStd > 0.045) return null;
  if (f.meanLuma < 0.13) return "black";
  if (f.meanLuma > 0.85) return "white";
  return null;
}

const MIN_DISTANCE = 0.06;
const MAX_DETOUR = 0.3;

export function detectGradual(frames: ShotFrame[], opts: GradualOptions): Gradual[] {
  const n = frames.length;
  const fps = opts.fps > 0 ? opts.fps : 30;
  const maxSeconds = opts.maxSeconds ?? 2.5;
  const spans = [...new Set([0.12, 0.25, 0.45, 0.75, maxSeconds / 2].map((s) => Math.max(2, Math.round(s * fps))))].sort(
    (a, b) => a - b,
  );
  const found: Gradual[] = [];
  for (const h of spans) {
    if (n < 4 * h + 1) continue;
    const W = new Float64Array(n);
    for (let c = h; c + h < n; c++) W[c] = frameDistance(frames[c - h], frames[c + h]);
    for (let c = h; c + h < n; c++) {
      const wc = W[c];
      if (wc < MIN_DISTANCE) continue;
      let isPeak = true;
      for (let j = Math.max(h, c - h); j <= Math.min(n - 1 - h, c + h) && isPeak; j++) {
        if (W[j] > wc || (W[j] === wc && j < c)) isPeak = false;
      }
      if (!isPeak) continue;
      // Change over the same span inside the neighbouring shots.
      const before = c - 2 * h >= 0 ? frameDistance(frames[c - 2 * h], frames[c - h]) : -1;
      const after = c + 2 * h < n ? frameDistance(frames[c + h], frames[c + 2 * h]) : -1;
      // Without a reference on either side there is no telling a transition from steady change.
      if (before < 0 && after < 0) continue;
      // Next to a fade the neighbouring span holds the other half of a dip through black: judge
      // fades by their steady side only.
      const flatEnd = flatKind(frames[c - h]) || flatKind(frames[c + h]);
      const reference = flatEnd ? Math.min(...[before, after].filter((x) => x >= 0)) : Math.max(before, after);
      // References span h frames, W spans 2h: steady change (drift, slow zoom) can at most double
      // over twice the span, a transition between steady shots stands far above that.
      if (wc < 2.2 * reference + 0.02) {
        opts.debug?.(`${c - h}-${c + h}: low contrast ${wc.toFixed(3)} vs ${before.toFixed(3)}/${after.toFixed(3)}`);
        continue;
      }
      const g = refine(frames, c - h, c + h, opts.debug);
      if (g) found.push(g);
    }
  }
  return suppressOverlaps(found);
}

function refine(frames: ShotFrame[], a: number, b: number, debug?: (m: string) => void): Gradual | null {
  const reject = (why: string): null => {
    debug?.(`${a}-${b}: ${why}`);
    return null;
  };
  const len = b - a;
  const p = new Float64Array(len + 1);
  for (let t = a; t <= b; t++) {
    const da = gridDistance(frames[a], frames[t]);
    const db = gridDistance(frames[t], frames[b]);
    p[t - a] = da + db > 0 ? da / (da + db) : 0.5;
  }
  // A single frame carrying most of the progress is a cut: the cut detector owns those.
  for (let k = 1; k <= len; k++) if (p[k] - p[k - 1] > 0.55) return reject("cut-like jump");
  let s = a;
  for (let k = 0; k <= len; k++) if (p[k] < 0.1) s = a + k;
  let e = b;
  for (let k = len; k >= 0; k--) if (p[k] > 0.9) e = a + k;
  if (e <= s + 1) return reject("too short");

  const dse = gridDistance(frames[s], frames[e]);
  const total = frameDistance(frames[s], frames[e]);
  if (total < MIN_DISTANCE || dse < 0.03) return reject("too small");
  let detour = 0;
  let prev = 0;
  let backwards = 0;
  for (let t = s + 1; t < e; t++) {
    const ds = gridDistance(frames[s], frames[t]);
    const de = gridDistance(frames[t], frames[e]);
    detour += (ds + de) / dse - 1;
    const prog = ds / (ds + de || 1);
    if (prog < prev - 0.15) backwards++;
    prev = Math.max(prev, prog);
  }
  detour /= e - s - 1;
  if (detour > MAX_DETOUR || backwards > 0) return reject("detour/backwards");

  // The pictures on either side must be steadier than the transition itself.
  const m = Math.max(2, Math.round((e - s) / 2));
  const before = s - m >= 0 ? gridDistance(frames[s - m], frames[s]) : 0;
  const after = e + m < frames.length ? gridDistance(frames[e], frames[e + m]) : 0;
  if (Math.max(before, after) > 0.45 * dse) return reject("unsteady ends");

  // Most of the picture changes (a moving object changes a part of it).
  if (changedShare(frames[s], frames[e]) < 0.5) return reject("small changed share");
  // Camera motion: shifting each frame onto the previous one explains most of the change.
  if (motionExplained(frames, s, e) > 0.5) return reject("camera motion");

  // The pictures before and after must differ too: a flash that decays back is no transition.
  for (const k of [1, 2, m]) {
    if (s - k < 0 || e + k >= frames.length) continue;
    if (frameDistance(frames[s - k], frames[e + k]) < 0.5 * total) return reject("transient (ends alike)");
  }

  const fs = flatKind(frames[s]);
  const fe = flatKind(frames[e]);
  let type: Gradual["type"];
  let via: Gradual["via"];
  if (fe && !fs) {
    type = "fade_out";
    via = fe;
  } else if (fs && !fe) {
    type = "fade_in";
    via = fs;
  } else {
    // Same picture, other exposure (lighting, auto-exposure): no transition.
    if (sameLayout(frames[s], frames[e])) return reject("same layout (lighting)");
    type = wipeShare(frames, s, e) > 0.5 ? "wipe" : "dissolve";
  }
  const confidence = Math.max(0.05, Math.min(1, (1 - detour / MAX_DETOUR) * Math.min(1, total / 0.2)));
  return { start: s, end: e, type, via, distance: total, detour, confidence };
}

/**
 * Share of changing blocks that, in the middle of the transition, are already (almost) entirely
 * the new picture or still entirely the old one — high for wipes, low for dissolves.
 */
function wipeShare(frames: ShotFrame[], s: number, e: number): number {
  const gs = frames[s].grid;
  const ge = frames[e].grid;
  const from = s + Math.max(1, Math.floor((e - s) / 3));
  const to = e - Math.max(1, Math.floor((e - s) / 3));
  let extreme = 0;
  let counted = 0;
  for (let t = from; t <= Math.max(from, to); t++) {
    const gt = frames[t].grid;
    for (let c = 0; c < gs.length; c += 3) {
      const span = Math.abs(ge[c] - gs[c]) + Math.abs(ge[c + 1] - gs[c + 1]) + Math.abs(ge[c + 2] - gs[c + 2]);
      if (span < 40) continue;
      const da = Math.abs(gt[c] - gs[c]) + Math.abs(gt[c + 1] - gs[c + 1]) + Math.abs(gt[c + 2] - gs[c + 2]);
      const db = Math.abs(gt[c] - ge[c]) + Math.abs(gt[c + 1] - ge[c + 1]) + Math.abs(gt[c + 2] - ge[c + 2]);
      const alpha = da / (da + db || 1);
      counted++;
      if (alpha < 0.2 || alpha > 0.8) extreme++;
    }
  }
  return counted ? extreme / counted : 0;
}

/** Share of grid blocks whose colour changes noticeably between a and b. */
export function changedShare(a: ShotFrame, b: ShotFrame): number {
  const ga = a.grid;
  const gb = b.grid;
  let changed = 0;
  for (let c = 0; c < ga.length; c += 3) {
    if (Math.abs(ga[c] - gb[c]) + Math.abs(ga[c + 1] - gb[c + 1]) + Math.abs(ga[c + 2] - gb[c + 2]) > 40) changed++;
  }
  return changed / (ga.length / 3);
}

/** Share of the frame-to-frame change in (s, e] that global-motion compensation removes. */
export function motionExplained(frames: ShotFrame[], s: number, e: number): number {
  let raw = 0;
  let mc = 0;
  for (let t = s + 1; t <= e; t++) {
    const f = frames[t];
    if (f.rawDiff === undefined || f.mcDiff === undefined) return 0;
    raw += f.rawDiff;
    mc += f.mcDiff;
  }
  return raw > 0 ? 1 - mc / raw : 0;
}

/**
 * True when one picture is the other under different light: each channel of b is an affine
 * function of the same channel of a over the block grid (R² ≥ 0.9 in every channel).
 */
export function sameLayout(a: ShotFrame, b: ShotFrame): boolean {
  const ga = a.grid;
  const gb = b.grid;
  for (let ch = 0; ch < 3; ch++) {
    let sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, k = 0;
    for (let c = ch; c < ga.length; c += 3) {
      const x = ga[c], y = gb[c];
      sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y; k++;
    }
    const vx = sxx - (sx * sx) / k;
    const vy = syy - (sy * sy) / k;
    const cov = sxy - (sx * sy) / k;
    // A (nearly) uniform channel carries no layout: it neither confirms nor refutes.
    if (vx < 25 * k || vy < 25 * k) continue;
    if ((cov * cov) / (vx * vy) < 0.9 || cov <= 0) return false;
  }
  return true;
}

/** Keeps the best of overlapping detections (found at several spans). */
function suppressOverlaps(list: Gradual[]): Gradual[] {
  const score = (g: Gradual) => g.distance * (1 - g.detour / MAX_DETOUR + 0.2);
  const sorted = [...list].sort((x, y) => score(y) - score(x));
  const kept: Gradual[] = [];
  for (const g of sorted) {
    if (kept.some((k) => g.start < k.end && k.start < g.end)) continue;
    kept.push(g);
  }
  return kept.sort((x, y) => x.start - y.start);
}
