// Gradual transitions (dissolves, fades, wipes): content that moves from one stable picture to
// another over several frames, every frame in between being a mix of the two.
//
// 1. Candidates: peaks of the multi-frame distance W_h(c) = d(c−h, c+h) for spans h of 0.12–1.25 s
//    that stand out against the change over a span just before and just after (on the block grid,
//    or on colour histograms, which camera motion hardly moves).
// 2. Refinement: progress p_t = d(a,t)/(d(a,t)+d(t,b)) between the window ends locates the last
//    old frame s and the first new frame e (extended to where a fade turns flat black/white).
// 3. Verification: in a mix every frame lies "between" the ends on the block grid, so
//    d(s,t)+d(t,e) ≈ d(s,e) for dissolves, fades and wipes alike; progress never stalls or goes
//    back; the pictures next to the window are steadier than the window; most of the frame changes.
//    Rejected as look-alikes: cuts (one frame carries the progress), camera motion (global-shift
//    compensation explains the change), flashes and dropouts (the old picture comes back), and
//    light changes (a brightness gain/offset maps one end onto the other).
// 4. Type: an end that is flat black/white → fade; blocks that are each either "still A" or
//    "already B" mid-way → wipe; blocks all part-way → dissolve.
import { frameDistance, gridDistance, histDistance } from "./frame-distance";
import type { ShotFrame, TransitionKind } from "./types";
import { changedShare, type Flat, flatKind, motionExplained, photometricResidual, wipeShare } from "./window-measures";
import { item } from "@/lib/core/item";


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

const MIN_DISTANCE = 0.06;
const MAX_DETOUR = 0.3;
const LIGHTING_RESIDUAL = 0.35;
/**
 * Change of the pictures next to a transition (over half its length, relative to the change
 * across it) above which it is ongoing change rather than a transition: 0.45 when the colour
 * histogram moves as much too; 0.3 when the transition barely changes the colours (histogram
 * distance of its ends below SAME_COLOURS_HIST). Set on bench/scenes tune + bench/shots: true
 * transitions with ends this alike in colour have flanks ≤ 0.19, the hand-held cockatoo's beak
 * sweeping across the lens 0.38–0.45.
 */
const UNSTEADY_ENDS = 0.45;
const UNSTEADY_ENDS_SAME_COLOURS = 0.3;
const SAME_COLOURS_HIST = 0.3;
/** Share of blocks all-old or all-new mid-way above which a transition is a wipe. */
const WIPE_SHARE = 0.26;
/** Largest change of the pictures next to a wipe, relative to the change across it. */
const WIPE_MAX_ENDS = 0.3;
/** …when global-motion compensation explains more than this share of the change. */
const WIPE_MAX_MOTION = 0.25;

/** Everything measured about one candidate window (exposed for tuning via `collect`). */
export interface Candidate {
  /** Span and window the candidate came from. */
  h: number;
  a: number;
  b: number;
  /** W_h at the peak and the same-span change just before/after (-1 = outside the video). */
  w: number;
  before: number;
  after: number;
  /** The same with colour histograms only (insensitive to camera motion). */
  wHist: number;
  beforeHist: number;
  afterHist: number;
  /** Refined transition: last old frame, first new frame. */
  s: number;
  e: number;
  /** Largest single-frame share of the progress (≈1 for a cut). */
  maxStep: number;
  /** Grid and blended distance between s and e. */
  dse: number;
  total: number;
  /** Mean excess of d(s,t)+d(t,e) over d(s,e) (0 = every frame a mix of the ends). */
  detour: number;
  backwards: number;
  /** Smallest progress made in a quarter of the window (≈0 when a steady stretch sits inside). */
  stall: number;
  /** Change over half the transition length next to it, relative to dse (before / after). */
  endsBefore: number;
  endsAfter: number;
  /** The same with histograms, relative to the histogram distance of the ends. */
  endsHistBefore: number;
  endsHistAfter: number;
  histSE: number;
  changed: number;
  motion: number;
  /** Smallest distance between frames outside the window, relative to total (≈0 for a flash). */
  outer: number;
  /** Share of the change between the ends left after a brightness fit (≈0: same picture, other light). */
  photometric: number;
  flatS: Flat;
  flatE: Flat;
  /** The flat end is a flash or a dropout (over in a few frames, the picture comes back). */
  flashEnd: boolean;
  wipe: number;
  verdict: string | null;
}

export function detectGradual(frames: ShotFrame[], opts: GradualOptions & { collect?: (c: Candidate) => void }): Gradual[] {
  const n = frames.length;
  const fps = opts.fps > 0 ? opts.fps : 30;
  const maxSeconds = opts.maxSeconds ?? 2.5;
  const spans = [...new Set([0.12, 0.25, 0.45, 0.75, maxSeconds / 2].map((s) => Math.max(2, Math.round(s * fps))))].sort(
    (a, b) => a - b,
  );
  // Flashes (and their decay) last up to ~0.15 s.
  const flashSpan = Math.max(4, Math.round(0.15 * fps));
  const found: Gradual[] = [];
  for (const h of spans) {
    if (n < 2 * h + 1) continue;
    const W = new Float64Array(n);
    for (let c = h; c + h < n; c++) W[c] = frameDistance(item(frames, c - h), item(frames, c + h));
    for (let c = h; c + h < n; c++) {
      const wc = W[c] ?? 0;
      if (wc < MIN_DISTANCE) continue;
      let isPeak = true;
      for (let j = Math.max(h, c - h); j <= Math.min(n - 1 - h, c + h) && isPeak; j++) {
        if ((W[j] ?? 0) > wc || (W[j] === wc && j < c)) isPeak = false;
      }
      if (!isPeak) continue;
      const cand = measure(frames, c, h, wc, flashSpan);
      if (!cand) continue;
      cand.verdict = judge(cand);
      opts.collect?.(cand);
      if (cand.verdict) {
        opts.debug?.(`${cand.a}-${cand.b}: ${cand.verdict}`);
        continue;
      }
      found.push(toGradual(cand));
    }
  }
  return suppressOverlaps(found);
}

function measure(frames: ShotFrame[], c: number, h: number, w: number, flashSpan: number): Candidate | null {
  const n = frames.length;
  const a = c - h;
  const b = c + h;
  // Change over the same span inside the neighbouring shots.
  const before = c - 2 * h >= 0 ? frameDistance(item(frames, c - 2 * h), item(frames, c - h)) : -1;
  const after = c + 2 * h < n ? frameDistance(item(frames, c + h), item(frames, c + 2 * h)) : -1;
  const beforeHist = c - 2 * h >= 0 ? histDistance(item(frames, c - 2 * h), item(frames, c - h)) : -1;
  const afterHist = c + 2 * h < n ? histDistance(item(frames, c + h), item(frames, c + 2 * h)) : -1;
  const len = b - a;
  const p = new Float64Array(len + 1);
  for (let t = a; t <= b; t++) {
    const da = gridDistance(item(frames, a), item(frames, t));
    const db = gridDistance(item(frames, t), item(frames, b));
    p[t - a] = da + db > 0 ? da / (da + db) : 0.5;
  }
  let maxStep = 0;
  for (let k = 1; k <= len; k++) maxStep = Math.max(maxStep, (p[k] ?? 0) - (p[k - 1] ?? 0));
  let s = a;
  for (let k = 0; k <= len; k++) if ((p[k] ?? 0) < 0.1) s = a + k;
  let e = b;
  for (let k = len; k >= 0; k--) if ((p[k] ?? 0) > 0.9) e = a + k;
  if (e <= s + 1) e = s + 1;
  // A fade's last tenth often still shows a trace of the picture: extend to where it turns black.
  // Only through small steps: a one-frame dropout to black right after is no fade.
  const reach = Math.max(2, Math.ceil(0.3 * (e - s)));
  const step = 0.5 * gridDistance(item(frames, s), item(frames, e));
  if (!flatKind(item(frames, e))) {
    for (let k = 1; k <= reach && e + k < n; k++) {
      if (gridDistance(item(frames, e + k - 1), item(frames, e + k)) > step) break;
      if (flatKind(item(frames, e + k))) {
        e += k;
        break;
      }
    }
  }
  if (!flatKind(item(frames, s))) {
    for (let k = 1; k <= reach && s - k >= 0; k++) {
      if (gridDistance(item(frames, s - k), item(frames, s - k + 1)) > step) break;
      if (flatKind(item(frames, s - k))) {
        s -= k;
        break;
      }
    }
  }
  const dse = gridDistance(item(frames, s), item(frames, e));
  const total = frameDistance(item(frames, s), item(frames, e));
  let detour = 0;
  let prev = 0;
  let backwards = 0;
  for (let t = s + 1; t < e; t++) {
    const ds = gridDistance(item(frames, s), item(frames, t));
    const de = gridDistance(item(frames, t), item(frames, e));
    detour += dse > 0 ? (ds + de) / dse - 1 : 1;
    const prog = ds / (ds + de || 1);
    if (prog < prev - 0.15) backwards++;
    prev = Math.max(prev, prog);
  }
  detour = e - s > 1 ? detour / (e - s - 1) : 0;
  // Progress made in each quarter of the window: a transition keeps moving, a window that spans a
  // steady shot between two changes stalls in the middle.
  let stall = 1;
  if (e - s >= 8) {
    const progressAt = (t: number) => {
      const ds = gridDistance(item(frames, s), item(frames, t));
      const de = gridDistance(item(frames, t), item(frames, e));
      return ds / (ds + de || 1);
    };
    let last = 0;
    for (let q = 1; q <= 4; q++) {
      const t = q === 4 ? e : s + Math.round(((e - s) * q) / 4);
      const pq = progressAt(t);
      stall = Math.min(stall, pq - last);
      last = pq;
    }
  }
  const m = Math.max(2, Math.round((e - s) / 2));
  const sideBefore = s - m >= 0 ? gridDistance(item(frames, s - m), item(frames, s)) : 0;
  const sideAfter = e + m < n ? gridDistance(item(frames, e), item(frames, e + m)) : 0;
  const histSE = histDistance(item(frames, s), item(frames, e));
  const sideHistBefore = s - m >= 0 ? histDistance(item(frames, s - m), item(frames, s)) : 0;
  const sideHistAfter = e + m < n ? histDistance(item(frames, e), item(frames, e + m)) : 0;
  let outer = Infinity;
  for (const k of [1, 2, m]) {
    if (s - k < 0 || e + k >= n) continue;
    outer = Math.min(outer, frameDistance(item(frames, s - k), item(frames, e + k)) / (total || 1));
  }
  const flatS = flatKind(item(frames, s));
  const flatE = flatKind(item(frames, e));
  // A flat end that is over within a few frames, with the picture from before coming back, is a
  // flash or dropout, not a fade.
  const blip = (edge: number, dir: 1 | -1) => {
    const kind = flatKind(item(frames, edge));
    let k = 0;
    while (k < flashSpan && edge + dir * (k + 1) >= 0 && edge + dir * (k + 1) < n && flatKind(item(frames, edge + dir * (k + 1))) === kind) k++;
    if (k >= flashSpan) return false;
    const before = item(frames, edge - dir);
    const jump = frameDistance(before, item(frames, edge));
    // (a flash may decay over a few frames before the picture is back)
    for (let j = 1; j <= flashSpan; j++) {
      const back = edge + dir * (k + j);
      if (back < 0 || back >= n) return false;
      if (frameDistance(before, item(frames, back)) < 0.5 * jump) return true;
    }
    return false;
  };
  const flashEnd = (flatE !== null && blip(e, 1)) || (flatS !== null && blip(s, -1));
  return {
    flashEnd,
    h, a, b, w, before, after,
    wHist: histDistance(item(frames, a), item(frames, b)),
    beforeHist,
    afterHist,
    s, e, maxStep, dse, total, detour, backwards, stall,
    endsBefore: sideBefore / (dse || 1),
    endsAfter: sideAfter / (dse || 1),
    endsHistBefore: sideHistBefore / (histSE || 1),
    endsHistAfter: sideHistAfter / (histSE || 1),
    histSE,
    changed: changedShare(item(frames, s), item(frames, e)),
    motion: motionExplained(frames, s, e),
    outer: outer === Infinity ? 1 : outer,
    photometric: flatS || flatE ? 1 : photometricResidual(item(frames, s), item(frames, e)),
    flatS,
    flatE,
    wipe: e - s > 2 ? wipeShare(frames, s, e) : 0,
    verdict: null,
  };
}

/** Null when the candidate is a transition, else why not. */
function judge(c: Candidate): string | null {
  // Without references on both sides there is no telling a transition from steady change (fades
  // at the very start or end of a video excepted).
  if (c.before < 0 && c.after < 0) return "no reference";
  if ((c.before < 0 || c.after < 0) && !(c.flatS || c.flatE)) return "no reference";
  // Next to a fade the neighbouring span holds the other half of a dip through black: judge
  // fades by their steady side only.
  const fade = c.flatS || c.flatE;
  const pick = (xs: number[]) => (fade ? Math.min(...xs) : Math.max(...xs));
  const reference = pick([c.before, c.after].filter((x) => x >= 0));
  const referenceHist = pick([c.beforeHist, c.afterHist].filter((x) => x >= 0));
  // References span h frames, W spans 2h: steady change (drift, slow zoom) can at most double
  // over twice the span, a transition between steady shots stands far above that. Colour
  // histograms barely move with camera motion: they speak for transitions between moving shots.
  if (c.w < 2.2 * reference + 0.02 && c.wHist < 2.2 * referenceHist + 0.05) return "low contrast";
  // A single frame carrying most of the progress is a cut: the cut detector owns those.
  if (c.maxStep > 0.55) return "cut-like jump";
  if (c.e - c.s < 2) return "too short";
  // (a dissolve or wipe between pictures this alike is barely visible; fades have their flat end)
  if (c.total < (c.flatS || c.flatE ? MIN_DISTANCE : 0.15) || c.dse < 0.03) return "too small";
  if (c.detour > MAX_DETOUR || c.backwards > 0) return "detour/backwards";
  if (c.stall < 0.04) return "stalls (steady stretch inside)";
  // The pictures on either side must be steadier than the transition itself.
  // (For a fade only the picture side counts: the black side may be a short hold before a cut.)
  const skipBefore = c.flatS && !c.flatE;
  const skipAfter = c.flatE && !c.flatS;
  const ends = Math.max(skipBefore ? 0 : c.endsBefore, skipAfter ? 0 : c.endsAfter);
  const endsHist = Math.max(skipBefore ? 0 : c.endsHistBefore, skipAfter ? 0 : c.endsHistAfter);
  // Flanks changing at ~90 % of the window's rate (on the grid and in colour): ongoing change.
  if (ends > UNSTEADY_ENDS && endsHist > UNSTEADY_ENDS) return "unsteady ends";
  // A change that leaves the colours much as they were (same place, same light) has only the
  // steadiness of its flanks to tell it from motion: flanks moving at ~60 % of its rate are motion
  // (an object crossing close to the lens of a hand-held camera), not a transition.
  if (ends > UNSTEADY_ENDS_SAME_COLOURS && c.histSE < SAME_COLOURS_HIST) return "unsteady ends, same colours";
  // A wipe-like sweep with moving pictures on either side and camera motion explaining a good part
  // of it is a hand-held close-up moving (real footage), not a wipe.
  if (c.wipe > WIPE_SHARE && ends > WIPE_MAX_ENDS && c.motion > WIPE_MAX_MOTION && !(c.flatS || c.flatE)) return "unsteady moving ends (wipe-like)";
  // Most of the picture changes (a moving object changes a part of it).
  if (c.changed < 0.5) return "small changed share";
  // Camera motion: shifting each frame onto the previous one explains most of the change.
  if (c.motion > 0.5) return "camera motion";
  // The pictures before and after must differ too: a flash that decays back is no transition.
  if (c.outer < 0.5) return "transient (ends alike)";
  if (c.flashEnd) return "flat end is a flash";
  // Same picture, other exposure (lighting, auto-exposure): no transition.
  if (c.photometric < LIGHTING_RESIDUAL) return "same picture, other light";
  return null;
}

function toGradual(c: Candidate): Gradual {
  let type: Gradual["type"];
  let via: Gradual["via"];
  if (c.flatE && !c.flatS) {
    type = "fade_out";
    via = c.flatE;
  } else if (c.flatS && !c.flatE) {
    type = "fade_in";
    via = c.flatS;
  } else type = c.wipe > WIPE_SHARE ? "wipe" : "dissolve";
  const confidence = Math.max(0.05, Math.min(1, (1 - c.detour / MAX_DETOUR) * Math.min(1, c.total / 0.2)));
  return { start: c.s, end: c.e, type, via, distance: c.total, detour: c.detour, confidence };
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
