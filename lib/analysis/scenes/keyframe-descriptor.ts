// What a shot's keyframe looks like, as pure functions over an RGB buffer (rgb, width, height):
// - a small luma plane and a chromaticity plane pair (r/(r+g+b), g/(r+g+b): unchanged by exposure),
//   compared by a zoom search — crops of one picture at 1×…4× against the whole other picture,
//   by normalised cross-correlation (unchanged by gain and offset) — so a wide shot and a close-up
//   of the same set-up match where a whole-frame comparison sees two different pictures; the same
//   windows are also scored on detail alone (each block's mean removed, see detailBlocks), which a
//   smooth picture's broad light-to-dark layout cannot match by chance;
// - a hue × saturation histogram (palette, barely moved by exposure);
// - a gradient-orientation histogram (structure: the directions of edges survive zoom and light).
import { DESCRIPTOR } from "./tuning";

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface KeyframeDescriptor {
  /** Planes at PLANE_W×PLANE_H: luma 0..1 and chromaticity (r, g shares). */
  luma: Float32Array;
  cr: Float32Array;
  cg: Float32Array;
  /** The central CORE share of the frame at CMP_W×CMP_H, zero-mean unit-norm luma, and its chromaticity. */
  cmpLuma: Float32Array;
  /** The core's luma with the mean of each detail block removed, unit norm (see blockNormalise). */
  cmpDetail: Float32Array;
  cmpCr: Float32Array;
  cmpCg: Float32Array;
  /** The core at coarse size, normalised. */
  coarseCore: Float32Array;
  /** Hue × saturation histogram plus achromatic lightness bins, sums to 1. */
  hueHist: Float32Array;
  /** Gradient-orientation histogram (magnitude weighted), sums to 1 (all zero on a flat frame). */
  edgeHist: Float32Array;
  /** Tiny zoom signature (see quickZoomMatch): normalised luma of a few windows, their mean chromaticity. */
  sigWindows: Float32Array;
  sigChroma: Float32Array;
  /** The core at signature size, normalised, and its mean chromaticity (r, g). */
  sigCore: Float32Array;
  sigCoreChroma: [number, number];
  /** Mean luma 0..1 and its spread (flat frames have little structure to compare). */
  meanLuma: number;
  lumaStd: number;
}

export const PLANE_W = 64;
export const PLANE_H = 36;
export const CMP_W = 32;
export const CMP_H = 18;
/** Share of the frame (each axis) that the other picture's windows are compared with. */
const CORE = DESCRIPTOR.core;
const HUE_BINS = 12;
const SAT_BINS = 2;
const GREY_BINS = 4;
const EDGE_BINS = 8;

/** Area-average resample of an RGB buffer to PLANE_W×PLANE_H planes. */
function planes(img: RgbImage): { luma: Float32Array; cr: Float32Array; cg: Float32Array; r: Float32Array; g: Float32Array; b: Float32Array } {
  const n = PLANE_W * PLANE_H;
  const r = new Float32Array(n), g = new Float32Array(n), b = new Float32Array(n), cnt = new Float32Array(n);
  const { rgb, width: w, height: h } = img;
  for (let y = 0; y < h; y++) {
    const py = Math.min(PLANE_H - 1, Math.floor((y * PLANE_H) / h));
    for (let x = 0; x < w; x++) {
      const p = py * PLANE_W + Math.min(PLANE_W - 1, Math.floor((x * PLANE_W) / w));
      const o = (y * w + x) * 3;
      r[p] = (r[p] ?? 0) + (rgb[o] ?? 0);
      g[p] = (g[p] ?? 0) + (rgb[o + 1] ?? 0);
      b[p] = (b[p] ?? 0) + (rgb[o + 2] ?? 0);
      cnt[p] = (cnt[p] ?? 0) + 1;
    }
  }
  const luma = new Float32Array(n), cr = new Float32Array(n), cg = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const c = cnt[p] || 1;
    r[p] = (r[p] ?? 0) / (c * 255);
    g[p] = (g[p] ?? 0) / (c * 255);
    b[p] = (b[p] ?? 0) / (c * 255);
    luma[p] = 0.299 * (r[p] ?? 0) + 0.587 * (g[p] ?? 0) + 0.114 * (b[p] ?? 0);
    const s = (r[p] ?? 0) + (g[p] ?? 0) + (b[p] ?? 0);
    // Near-black pixels have no reliable colour: count them as neutral.
    cr[p] = s > 0.06 ? (r[p] ?? 0) / s : 1 / 3;
    cg[p] = s > 0.06 ? (g[p] ?? 0) / s : 1 / 3;
  }
  return { luma, cr, cg, r, g, b };
}

/** Bilinear sample of a PLANE_W×PLANE_H plane over the window (x0, y0, w, h) at CMP_W×CMP_H. */
export function sampleWindow(plane: Float32Array, x0: number, y0: number, w: number, h: number, out: Float32Array = new Float32Array(CMP_W * CMP_H)): Float32Array {
  for (let j = 0; j < CMP_H; j++) {
    const fy = Math.min(PLANE_H - 1, Math.max(0, y0 + ((j + 0.5) * h) / CMP_H - 0.5));
    const y1 = Math.floor(fy), y2 = Math.min(PLANE_H - 1, y1 + 1), wy = fy - y1;
    for (let i = 0; i < CMP_W; i++) {
      const fx = Math.min(PLANE_W - 1, Math.max(0, x0 + ((i + 0.5) * w) / CMP_W - 0.5));
      const x1 = Math.floor(fx), x2 = Math.min(PLANE_W - 1, x1 + 1), wx = fx - x1;
      const top = (plane[y1 * PLANE_W + x1] ?? 0) * (1 - wx) + (plane[y1 * PLANE_W + x2] ?? 0) * wx;
      const bot = (plane[y2 * PLANE_W + x1] ?? 0) * (1 - wx) + (plane[y2 * PLANE_W + x2] ?? 0) * wx;
      out[j * CMP_W + i] = top * (1 - wy) + bot * wy;
    }
  }
  return out;
}

/** Zero-mean, unit-norm copy (all zeros for a flat vector). */
export function normalise(v: Float32Array): Float32Array<ArrayBuffer> {
  let m = 0;
  for (let i = 0; i < v.length; i++) m += v[i] ?? 0;
  m /= v.length;
  let ss = 0;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) {
    out[i] = (v[i] ?? 0) - m;
    ss += (out[i] ?? 0) * (out[i] ?? 0);
  }
  const norm = Math.sqrt(ss);
  if (norm < 1e-3) return out.fill(0);
  for (let i = 0; i < v.length; i++) out[i] = (out[i] ?? 0) / norm;
  return out;
}

export function describeKeyframe(img: RgbImage): KeyframeDescriptor {
  const { luma, cr, cg, r, g, b } = planes(img);
  const n = PLANE_W * PLANE_H;
  let mean = 0;
  for (let p = 0; p < n; p++) mean += luma[p] ?? 0;
  mean /= n;
  let varSum = 0;
  for (let p = 0; p < n; p++) varSum += ((luma[p] ?? 0) - mean) ** 2;
  // Palette: hue × saturation for coloured pixels, lightness bins for grey ones.
  const hueHist = new Float32Array(HUE_BINS * SAT_BINS + GREY_BINS);
  for (let p = 0; p < n; p++) {
    const max = Math.max(r[p] ?? 0, g[p] ?? 0, b[p] ?? 0);
    const min = Math.min(r[p] ?? 0, g[p] ?? 0, b[p] ?? 0);
    const d = max - min;
    const sat = max > 0 ? d / max : 0;
    if (sat < 0.15 || max < 0.08) {
      hueHist[HUE_BINS * SAT_BINS + Math.min(GREY_BINS - 1, Math.floor((luma[p] ?? 0) * GREY_BINS))]!++;
      continue;
    }
    let hue = max === r[p] ? ((g[p] ?? 0) - (b[p] ?? 0)) / d : max === g[p] ? 2 + ((b[p] ?? 0) - (r[p] ?? 0)) / d : 4 + ((r[p] ?? 0) - (g[p] ?? 0)) / d;
    hue = ((hue / 6) % 1 + 1) % 1;
    // Soft over the two nearest hue bins.
    const pos = hue * HUE_BINS - 0.5;
    const lo = Math.floor(pos);
    const w = pos - lo;
    const s = sat < 0.45 ? 0 : 1;
    hueHist[(((lo % HUE_BINS) + HUE_BINS) % HUE_BINS) * SAT_BINS + s] = (hueHist[(((lo % HUE_BINS) + HUE_BINS) % HUE_BINS) * SAT_BINS + s] ?? 0) + (1 - w);
    hueHist[(((lo + 1) % HUE_BINS) * SAT_BINS) + s] = (hueHist[(((lo + 1) % HUE_BINS) * SAT_BINS) + s] ?? 0) + w;
  }
  for (let i = 0; i < hueHist.length; i++) hueHist[i] = (hueHist[i] ?? 0) / n;
  // Structure: orientation of luma gradients (0..π), magnitude weighted.
  const edgeHist = new Float32Array(EDGE_BINS);
  let edgeTotal = 0;
  for (let y = 1; y < PLANE_H - 1; y++) {
    for (let x = 1; x < PLANE_W - 1; x++) {
      const p = y * PLANE_W + x;
      const gx = (luma[p + 1] ?? 0) - (luma[p - 1] ?? 0);
      const gy = (luma[p + PLANE_W] ?? 0) - (luma[p - PLANE_W] ?? 0);
      const mag = Math.hypot(gx, gy);
      if (mag < 0.01) continue;
      const ang = (Math.atan2(gy, gx) + Math.PI) % Math.PI;
      edgeHist[Math.min(EDGE_BINS - 1, Math.floor((ang / Math.PI) * EDGE_BINS))]! += mag;
      edgeTotal += mag;
    }
  }
  if (edgeTotal > 0) for (let i = 0; i < EDGE_BINS; i++) edgeHist[i] = (edgeHist[i] ?? 0) / edgeTotal;
  const cx0 = (PLANE_W * (1 - CORE)) / 2;
  const cy0 = (PLANE_H * (1 - CORE)) / 2;
  const coreLuma = sampleWindow(luma, cx0, cy0, PLANE_W * CORE, PLANE_H * CORE);
  const sig = signature(luma, cr, cg);
  return {
    ...sig,
    luma,
    cr,
    cg,
    cmpLuma: normalise(coreLuma),
    cmpDetail: blockNormalise(coreLuma),
    coarseCore: normalise(halve(coreLuma, new Float32Array(COARSE_W * COARSE_H))),
    cmpCr: sampleWindow(cr, cx0, cy0, PLANE_W * CORE, PLANE_H * CORE),
    cmpCg: sampleWindow(cg, cx0, cy0, PLANE_W * CORE, PLANE_H * CORE),
    hueHist,
    edgeHist,
    meanLuma: mean,
    lumaStd: Math.sqrt(varSum / n),
  };
}

/** Histogram intersection of two normalised histograms, 0..1. */
export function histIntersection(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.min(a[i] ?? 0, b[i] ?? 0);
  return Math.min(1, s);
}

/** Bilinear taps of one window axis: for output position i, the two plane indices and the weight of the second. */
interface Taps {
  lo: Int32Array;
  hi: Int32Array;
  w: Float32Array;
}

function taps(start: number, size: number, count: number, planeSize: number, out: Taps): Taps {
  for (let i = 0; i < count; i++) {
    const f = Math.min(planeSize - 1, Math.max(0, start + ((i + 0.5) * size) / count - 0.5));
    const lo = Math.floor(f);
    out.lo[i] = lo;
    out.hi[i] = Math.min(planeSize - 1, lo + 1);
    out.w[i] = f - lo;
  }
  return out;
}

const newTaps = (n: number): Taps => ({ lo: new Int32Array(n), hi: new Int32Array(n), w: new Float32Array(n) });
const TX = newTaps(CMP_W);
const TY = newTaps(CMP_H);

// Detail blocks: the compare grid cut into DETAIL_X × DETAIL_Y blocks. With each block's mean
// removed, what is left to correlate is the detail inside the blocks — not the broad layout of
// light and dark, which a smooth, low-detail picture (a dark close-up) shares by chance with some
// window among the hundreds the zoom search tries on almost any other picture.
const [DETAIL_X, DETAIL_Y] = DESCRIPTOR.detailBlocks;
const DETAIL_BLOCKS = DETAIL_X * DETAIL_Y;
const DETAIL_N = (CMP_W / DETAIL_X) * (CMP_H / DETAIL_Y);
const BLOCK_OF = (() => {
  const out = new Uint8Array(CMP_W * CMP_H);
  for (let j = 0; j < CMP_H; j++) for (let i = 0; i < CMP_W; i++) out[j * CMP_W + i] = Math.floor((j * DETAIL_Y) / CMP_H) * DETAIL_X + Math.floor((i * DETAIL_X) / CMP_W);
  return out;
})();
const BLOCK_SUM = new Float64Array(DETAIL_BLOCKS);
/** The detail block column of each compare column (BLOCK_OF's within a row). */
const BLOCK_COL = Uint8Array.from({ length: CMP_W }, (_, i) => Math.floor((i * DETAIL_X) / CMP_W));

/** Each detail block's mean removed, then unit norm over the whole grid (all zeros when flat). */
function blockNormalise(v: Float32Array): Float32Array {
  const mean = new Float64Array(DETAIL_BLOCKS);
  for (let k = 0; k < v.length; k++) mean[BLOCK_OF[k] ?? 0] = (mean[BLOCK_OF[k] ?? 0] ?? 0) + ((v[k] ?? 0) / DETAIL_N);
  const out = new Float32Array(v.length);
  let ss = 0;
  for (let k = 0; k < v.length; k++) {
    out[k] = (v[k] ?? 0) - (mean[BLOCK_OF[k] ?? 0] ?? 0);
    ss += (out[k] ?? 0) * (out[k] ?? 0);
  }
  const norm = Math.sqrt(ss);
  if (norm < 1e-3) return out.fill(0);
  for (let k = 0; k < v.length; k++) out[k] = (out[k] ?? 0) / norm;
  return out;
}

/** A window's two scores: whole-window luma correlation and detail correlation, each with the colour agreement. */
interface WindowScores {
  layout: number;
  detail: number;
}

// Rows of the three planes resampled across at CMP_W (windowScore's first, horizontal pass).
const ROW_L = new Float64Array(PLANE_H * CMP_W);
const ROW_R = new Float64Array(PLANE_H * CMP_W);
const ROW_G = new Float64Array(PLANE_H * CMP_W);

/**
 * Luma correlation + chromaticity agreement of a window of `a` against the core of `b`, on the
 * whole window (layout) and on detail alone (each block's mean removed): the three planes sampled
 * as sampleWindow does (bilinear), in two passes — the plane rows the window spans resampled
 * across, then those rows blended down —, written into `out`: this runs a few hundred times per
 * pair of keyframes (bench/scenes/zoom-cost.ts: a pair at 0.84 of the one-pass blend's time).
 */
function windowScore(a: KeyframeDescriptor, b: KeyframeDescriptor, x0: number, y0: number, w: number, h: number, out: WindowScores): WindowScores {
  taps(x0, w, CMP_W, PLANE_W, TX);
  taps(y0, h, CMP_H, PLANE_H, TY);
  const { luma, cr, cg } = a;
  const { cmpLuma, cmpDetail, cmpCr, cmpCg } = b;
  const { lo: xlo, hi: xhi, w: xw } = TX;
  const firstRow = TY.lo[0]!;
  const lastRow = TY.hi[CMP_H - 1]!;
  for (let y = firstRow; y <= lastRow; y++) {
    const src = y * PLANE_W;
    const dst = y * CMP_W;
    for (let i = 0; i < CMP_W; i++) {
      const x1 = src + xlo[i]!;
      const x2 = src + xhi[i]!;
      const wx = xw[i]!;
      ROW_L[dst + i] = luma[x1]! * (1 - wx) + luma[x2]! * wx;
      ROW_R[dst + i] = cr[x1]! * (1 - wx) + cr[x2]! * wx;
      ROW_G[dst + i] = cg[x1]! * (1 - wx) + cg[x2]! * wx;
    }
  }
  let sum = 0;
  let sumSq = 0;
  let dot = 0;
  let detailDot = 0;
  let cd = 0;
  BLOCK_SUM.fill(0);
  for (let j = 0; j < CMP_H; j++) {
    const r1 = TY.lo[j]! * CMP_W;
    const r2 = TY.hi[j]! * CMP_W;
    const wy = TY.w[j]!;
    const blockRow = Math.floor((j * DETAIL_Y) / CMP_H) * DETAIL_X;
    for (let i = 0; i < CMP_W; i++) {
      const k = j * CMP_W + i;
      const v = ROW_L[r1 + i]! * (1 - wy) + ROW_L[r2 + i]! * wy;
      sum += v;
      sumSq += v * v;
      // b's core is zero-mean: Σ(v − mean)·c = Σ v·c.
      dot += v * cmpLuma[k]!;
      // b's detail is zero-mean in every block: Σ(v − block mean)·d = Σ v·d.
      detailDot += v * cmpDetail[k]!;
      BLOCK_SUM[blockRow + BLOCK_COL[i]!]! += v;
      const vr = ROW_R[r1 + i]! * (1 - wy) + ROW_R[r2 + i]! * wy;
      const vg = ROW_G[r1 + i]! * (1 - wy) + ROW_G[r2 + i]! * wy;
      cd += Math.abs(vr - cmpCr[k]!) + Math.abs(vg - cmpCg[k]!);
    }
  }
  const n = CMP_W * CMP_H;
  const norm = Math.sqrt(Math.max(0, sumSq - (sum * sum) / n));
  // (normalise() treats a window this flat as all zeros)
  const ncc = norm < 1e-3 ? 0 : dot / norm;
  let blockSq = 0;
  for (let q = 0; q < DETAIL_BLOCKS; q++) blockSq += (BLOCK_SUM[q]! * BLOCK_SUM[q]!) / DETAIL_N;
  const detailNorm = Math.sqrt(Math.max(0, sumSq - blockSq));
  const detail = detailNorm < 1e-3 ? 0 : detailDot / detailNorm;
  const chroma = (1 - DESCRIPTOR.nccWeight) * Math.max(0, 1 - cd / n / DESCRIPTOR.chromaScale);
  out.layout = DESCRIPTOR.nccWeight * Math.max(0, ncc) + chroma;
  out.detail = DESCRIPTOR.nccWeight * Math.max(0, detail) + chroma;
  return out;
}

interface Window {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The coarse search grid (same for every picture): window sizes × positions. */
let GRID: Window[] | null = null;
function coarseGrid(): Window[] {
  if (GRID) return GRID;
  const out: Window[] = [];
  for (const s of DESCRIPTOR.zoomScales) {
    const w = PLANE_W * CORE * s;
    const h = PLANE_H * CORE * s;
    const step = DESCRIPTOR.positionStep * s * CORE;
    const nx = Math.min(DESCRIPTOR.maxPositions, Math.max(1, Math.round((1 - CORE * s) / step) + 1));
    for (let yi = 0; yi < nx; yi++) {
      for (let xi = 0; xi < nx; xi++) {
        out.push({
          x: nx > 1 ? ((PLANE_W - w) * xi) / (nx - 1) : (PLANE_W - w) / 2,
          y: nx > 1 ? ((PLANE_H - h) * yi) / (nx - 1) : (PLANE_H - h) / 2,
          w,
          h,
        });
      }
    }
  }
  GRID = out;
  return out;
}

const COARSE_W = CMP_W / DESCRIPTOR.coarseFactor;
const COARSE_H = CMP_H / DESCRIPTOR.coarseFactor;

/**
 * Every coarse search window of a picture, normalised luma (see coarseGrid): computed the first
 * time the picture is zoom-searched (two thirds of describing it; a picture only estimated —
 * quickZoomMatch — never needs them), then kept with it.
 */
const COARSE = new WeakMap<KeyframeDescriptor, Float32Array>();
function coarseOf(d: KeyframeDescriptor): Float32Array {
  let c = COARSE.get(d);
  if (!c) COARSE.set(d, (c = coarseWindows(d.luma)));
  return c;
}

/** Normalised luma of every coarse window at COARSE_W×COARSE_H. */
function coarseWindows(luma: Float32Array): Float32Array {
  const grid = coarseGrid();
  const n = COARSE_W * COARSE_H;
  const out = new Float32Array(grid.length * n);
  const full = new Float32Array(CMP_W * CMP_H);
  const small = new Float32Array(n);
  grid.forEach((g, k) => {
    sampleWindow(luma, g.x, g.y, g.w, g.h, full);
    halve(full, small);
    out.set(normalise(small), k * n);
  });
  return out;
}

// The signature: the zoom search in miniature, for shortlisting (quickZoomMatch) — a few window
// sizes on a 3×3 grid of positions, each at SIG_W×SIG_H, against the core at that size.
const SIG_W = 8;
const SIG_H = 6;
const SIG_SCALES = [1, 0.63, 0.4, 0.25];
const SIG_POSITIONS = 3;

let SIG_GRID: Window[] | null = null;
function signatureGrid(): Window[] {
  if (SIG_GRID) return SIG_GRID;
  const out: Window[] = [];
  for (const s of SIG_SCALES) {
    const w = PLANE_W * CORE * s;
    const h = PLANE_H * CORE * s;
    for (let yi = 0; yi < SIG_POSITIONS; yi++) {
      for (let xi = 0; xi < SIG_POSITIONS; xi++) out.push({ x: ((PLANE_W - w) * xi) / (SIG_POSITIONS - 1), y: ((PLANE_H - h) * yi) / (SIG_POSITIONS - 1), w, h });
    }
  }
  SIG_GRID = out;
  return out;
}

/** Box average of a CMP_W×CMP_H vector into SIG_W×SIG_H. */
function shrink(v: Float32Array): Float32Array {
  const fx = CMP_W / SIG_W;
  const fy = CMP_H / SIG_H;
  const out = new Float32Array(SIG_W * SIG_H);
  for (let y = 0; y < CMP_H; y++) for (let x = 0; x < CMP_W; x++) out[Math.floor(y / fy) * SIG_W + Math.floor(x / fx)]! += (v[y * CMP_W + x] ?? 0) / (fx * fy);
  return out;
}

const average = (v: Float32Array) => v.reduce((a, x) => a + x, 0) / v.length;

function signature(luma: Float32Array, cr: Float32Array, cg: Float32Array) {
  const grid = signatureGrid();
  const n = SIG_W * SIG_H;
  const sigWindows = new Float32Array(grid.length * n);
  const sigChroma = new Float32Array(grid.length * 2);
  const buf = new Float32Array(CMP_W * CMP_H);
  grid.forEach((g, k) => {
    sigWindows.set(normalise(shrink(sampleWindow(luma, g.x, g.y, g.w, g.h, buf))), k * n);
    sigChroma[2 * k] = average(sampleWindow(cr, g.x, g.y, g.w, g.h, buf));
    sigChroma[2 * k + 1] = average(sampleWindow(cg, g.x, g.y, g.w, g.h, buf));
  });
  // The first window (scale 1, centre position of the 3×3) is the core itself.
  const c = Math.floor((SIG_POSITIONS * SIG_POSITIONS) / 2);
  return {
    sigWindows,
    sigChroma,
    sigCore: sigWindows.slice(c * n, (c + 1) * n),
    sigCoreChroma: [sigChroma[2 * c], sigChroma[2 * c + 1]] as [number, number],
  };
}

function quickZoomOneWay(a: KeyframeDescriptor, b: KeyframeDescriptor): number {
  const n = SIG_W * SIG_H;
  const windows = a.sigWindows.length / n;
  let best = 0;
  for (let k = 0; k < windows; k++) {
    let ncc = 0;
    const o = k * n;
    for (let i = 0; i < n; i++) ncc += (a.sigWindows[o + i] ?? 0) * (b.sigCore[i] ?? 0);
    const cd = Math.abs((a.sigChroma[2 * k] ?? 0) - b.sigCoreChroma[0]) + Math.abs((a.sigChroma[2 * k + 1] ?? 0) - b.sigCoreChroma[1]);
    const chroma = Math.max(0, 1 - cd / DESCRIPTOR.chromaScale);
    best = Math.max(best, DESCRIPTOR.nccWeight * Math.max(0, ncc) + (1 - DESCRIPTOR.nccWeight) * chroma);
  }
  return best;
}

/**
 * A cheap stand-in for zoomMatch (a few dozen tiny windows instead of hundreds refined at full
 * size; microseconds instead of milliseconds): good enough to rank which pictures deserve the
 * full comparison, not to decide.
 */
export function quickZoomMatch(a: KeyframeDescriptor, b: KeyframeDescriptor): number {
  return Math.max(quickZoomOneWay(a, b), quickZoomOneWay(b, a));
}

/** Box average of a CMP_W×CMP_H vector into COARSE_W×COARSE_H. */
function halve(v: Float32Array, out: Float32Array): Float32Array {
  const f = DESCRIPTOR.coarseFactor;
  for (let y = 0; y < COARSE_H; y++) {
    for (let x = 0; x < COARSE_W; x++) {
      let sum = 0;
      for (let j = 0; j < f; j++) for (let i = 0; i < f; i++) sum += v[(f * y + j) * CMP_W + f * x + i] ?? 0;
      out[y * COARSE_W + x] = sum / (f * f);
    }
  }
  return out;
}

/** The zoom search's best window scores (each 0..1; see WindowScores). */
export interface ZoomScores {
  /** Best whole-window score: the window the search settles on. */
  layout: number;
  /** Best detail score among the windows the search tried (the same windows: no extra search). */
  detail: number;
}

/**
 * Best match of a window of `a` (zoomed in 1×…4× relative to b's core, anywhere in the frame)
 * against the core of `b`: luma correlation over a fixed coarse grid of windows at half size,
 * then the best few refined at full size with colour (by the layout score).
 */
function zoomMatchOneWay(a: KeyframeDescriptor, b: KeyframeDescriptor): ZoomScores {
  const grid = coarseGrid();
  const n = COARSE_W * COARSE_H;
  const coarse = coarseOf(a);
  const top: { k: number; ncc: number }[] = [];
  for (let k = 0; k < grid.length; k++) {
    let ncc = 0;
    const o = k * n;
    for (let i = 0; i < n; i++) ncc += (coarse[o + i] ?? 0) * (b.coarseCore[i] ?? 0);
    if (top.length < DESCRIPTOR.refineTop || ncc > top[top.length - 1]!.ncc) {
      top.push({ k, ncc });
      top.sort((p, q) => q.ncc - p.ncc);
      if (top.length > DESCRIPTOR.refineTop) top.pop();
    }
  }
  let best = 0;
  let bestDetail = 0;
  const ws: WindowScores = { layout: 0, detail: 0 };
  for (const t of top) {
    const g = grid[t.k]!;
    let { x, y } = g;
    let score = windowScore(a, b, x, y, g.w, g.h, ws).layout;
    bestDetail = Math.max(bestDetail, ws.detail);
    let dx = Math.max(0.5, (DESCRIPTOR.positionStep * g.w) / 2);
    let dy = Math.max(0.5, (DESCRIPTOR.positionStep * g.h) / 2);
    for (let round = 0; round < 3; round++, dx /= 2, dy /= 2) {
      const cx = x, cy = y;
      for (const [ox, oy] of [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, -1], [-1, 1], [1, 1]]) {
        const nx0 = Math.min(PLANE_W - g.w, Math.max(0, cx + ox! * dx));
        const ny0 = Math.min(PLANE_H - g.h, Math.max(0, cy + oy! * dy));
        const v = windowScore(a, b, nx0, ny0, g.w, g.h, ws).layout;
        bestDetail = Math.max(bestDetail, ws.detail);
        if (v > score) {
          score = v;
          x = nx0;
          y = ny0;
        }
      }
    }
    best = Math.max(best, score);
  }
  return { layout: best, detail: bestDetail };
}

/** Zoom-searched match of two keyframes, either way round (a may be the wide shot or the close-up). */
export function zoomMatchScores(a: KeyframeDescriptor, b: KeyframeDescriptor): ZoomScores {
  const ab = zoomMatchOneWay(a, b);
  const ba = zoomMatchOneWay(b, a);
  return { layout: Math.max(ab.layout, ba.layout), detail: Math.max(ab.detail, ba.detail) };
}

/** The zoom search's layout score (zoomMatchScores). */
export const zoomMatch = (a: KeyframeDescriptor, b: KeyframeDescriptor): number => zoomMatchScores(a, b).layout;

export interface DescriptorSimilarity {
  zoom: number;
  /** The zoom search's detail score (ZoomScores.detail; the quick estimate has none: = zoom). */
  zoomDetail: number;
  palette: number;
  structure: number;
  /** The weighted blend (see tuning.ts), 0..1: whether two pictures are views of one set-up. */
  score: number;
  /**
   * The same blend with the detail score in place of the zoom score: lower for pairs whose zoom
   * match rests on broad layout alone. Scenes link neighbouring shots by it (tuning.ts, SCENES).
   */
  detailScore: number;
}

/**
 * How alike two keyframes are as views of one set-up, 0..1, with the parts it is made of.
 * `quick`: the zoom part from the signature (quickZoomMatch) — an estimate for shortlisting.
 */
export function keyframeSimilarity(a: KeyframeDescriptor, b: KeyframeDescriptor, quick = false): DescriptorSimilarity {
  const palette = histIntersection(a.hueHist, b.hueHist);
  const structure = a.lumaStd < 0.02 || b.lumaStd < 0.02 ? 0 : histIntersection(a.edgeHist, b.edgeHist);
  const quickZoom = quick ? quickZoomMatch(a, b) : 0;
  const { layout: zoom, detail: zoomDetail } = quick ? { layout: quickZoom, detail: quickZoom } : zoomMatchScores(a, b);
  return { zoom, zoomDetail, palette, structure, score: blendParts(zoom, palette, structure), detailScore: blendParts(zoomDetail, palette, structure) };
}

/** The weighted blend of a zoom score with the palette and structure parts (DESCRIPTOR.weights). */
export function blendParts(zoom: number, palette: number, structure: number): number {
  const w = DESCRIPTOR.weights;
  return (w.zoom * zoom + w.palette * palette + w.structure * structure) / (w.zoom + w.palette + w.structure);
}
