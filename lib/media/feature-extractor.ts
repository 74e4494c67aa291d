// Per-frame measures of one small RGB frame (luma stats, edges, differences against the previous
// frame, global motion, soft RGB histogram, block grid): the Node side of the decode pass.
import { type FrameFeatures, GRID_H, GRID_W, HIST_BINS } from "./frame-features";

/** Features of a stream of small RGB frames (the decode pass uses it; so can tests and other sources). */
export function createFeatureExtractor(width: number, height: number): { extract(rgb: Uint8Array, index: number, time: number): FrameFeatures } {
  return new FeatureExtractor(width, height);
}

/** Computes the features of one small RGB frame; `prevLuma`/`prevEdge` hold the previous frame's planes. */
export class FeatureExtractor {
  private luma: Uint8Array;
  private prevLuma: Uint8Array;
  private edge: Uint8Array;
  private prevEdge: Uint8Array;
  private hasPrev = false;
  private readonly cellOf: Uint16Array;
  private readonly cellCount: Uint16Array;
  private readonly sums = new Uint32Array(GRID_W * GRID_H * 3);
  /** Per channel value: lower histogram level (0..3) and the weight of the level above. */
  private readonly binLo = new Uint8Array(256);
  private readonly binW = new Float32Array(256);
  private readonly hw: number;
  private readonly hh: number;
  private half: Uint8Array;
  private prevHalf: Uint8Array;

  constructor(readonly w: number, readonly h: number) {
    const n = w * h;
    for (let v = 0; v < 256; v++) {
      // Level centres at 32, 96, 160, 224.
      const pos = Math.min(3, Math.max(0, (v - 32) / 64));
      const lo = Math.min(2, Math.floor(pos));
      this.binLo[v] = lo;
      this.binW[v] = pos - lo;
    }
    this.hw = w >> 1;
    this.hh = h >> 1;
    this.half = new Uint8Array(this.hw * this.hh);
    this.prevHalf = new Uint8Array(this.hw * this.hh);
    this.luma = new Uint8Array(n);
    this.prevLuma = new Uint8Array(n);
    this.edge = new Uint8Array(n);
    this.prevEdge = new Uint8Array(n);
    this.cellOf = new Uint16Array(n);
    this.cellCount = new Uint16Array(GRID_W * GRID_H);
    for (let y = 0; y < h; y++) {
      const gy = Math.min(GRID_H - 1, Math.floor((y * GRID_H) / h));
      for (let x = 0; x < w; x++) {
        const c = gy * GRID_W + Math.min(GRID_W - 1, Math.floor((x * GRID_W) / w));
        this.cellOf[y * w + x] = c;
        this.cellCount[c] = (this.cellCount[c] ?? 0) + 1;
      }
    }
  }

  extract(rgb: Uint8Array, index: number, time: number): FrameFeatures {
    const { w, h, luma, edge, cellOf, sums } = this;
    const n = w * h;
    const hist = new Float32Array(HIST_BINS);
    const { binLo, binW } = this;
    sums.fill(0);
    let sum = 0;
    let sumSq = 0;
    for (let i = 0, p = 0; i < n; i++, p += 3) {
      const r = rgb[p] ?? 0, g = rgb[p + 1] ?? 0, b = rgb[p + 2] ?? 0;
      const y = (77 * r + 150 * g + 29 * b + 128) >> 8;
      luma[i] = y;
      sum += y;
      sumSq += y * y;
      const r0 = binLo[r] ?? 0, g0 = binLo[g] ?? 0, b0 = binLo[b] ?? 0;
      const rw = binW[r] ?? 0, gw = binW[g] ?? 0, bw = binW[b] ?? 0;
      const r1 = r0 < 3 ? r0 + 1 : 3, g1 = g0 < 3 ? g0 + 1 : 3, b1 = b0 < 3 ? b0 + 1 : 3;
      const rA = 1 - rw, gA = 1 - gw, bA = 1 - bw;
      hist[(r0 << 4) | (g0 << 2) | b0] = (hist[(r0 << 4) | (g0 << 2) | b0] ?? 0) + (rA * gA * bA);
      hist[(r0 << 4) | (g0 << 2) | b1] = (hist[(r0 << 4) | (g0 << 2) | b1] ?? 0) + (rA * gA * bw);
      hist[(r0 << 4) | (g1 << 2) | b0] = (hist[(r0 << 4) | (g1 << 2) | b0] ?? 0) + (rA * gw * bA);
      hist[(r0 << 4) | (g1 << 2) | b1] = (hist[(r0 << 4) | (g1 << 2) | b1] ?? 0) + (rA * gw * bw);
      hist[(r1 << 4) | (g0 << 2) | b0] = (hist[(r1 << 4) | (g0 << 2) | b0] ?? 0) + (rw * gA * bA);
      hist[(r1 << 4) | (g0 << 2) | b1] = (hist[(r1 << 4) | (g0 << 2) | b1] ?? 0) + (rw * gA * bw);
      hist[(r1 << 4) | (g1 << 2) | b0] = (hist[(r1 << 4) | (g1 << 2) | b0] ?? 0) + (rw * gw * bA);
      hist[(r1 << 4) | (g1 << 2) | b1] = (hist[(r1 << 4) | (g1 << 2) | b1] ?? 0) + (rw * gw * bw);
      const c = (cellOf[i] ?? 0) * 3;
      sums[c] = (sums[c] ?? 0) + r;
      sums[c + 1] = (sums[c + 1] ?? 0) + g;
      sums[c + 2] = (sums[c + 2] ?? 0) + b;
    }
    // Gradient magnitude (|dx|+|dy|, forward differences), clamped to a byte.
    let edgeSum = 0;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      const down = y + 1 < h ? w : 0;
      for (let x = 0; x < w; x++) {
        const i = row + x;
        const right = x + 1 < w ? 1 : 0;
        const m = Math.abs((luma[i + right] ?? 0) - (luma[i] ?? 0)) + Math.abs((luma[i + down] ?? 0) - (luma[i] ?? 0));
        const e = m > 255 ? 255 : m;
        edge[i] = e;
        edgeSum += e;
      }
    }
    let diff = 0;
    let edgeDiff = 0;
    if (this.hasPrev) {
      const pl = this.prevLuma;
      const pe = this.prevEdge;
      for (let i = 0; i < n; i++) {
        diff += Math.abs((luma[i] ?? 0) - (pl[i] ?? 0));
        edgeDiff += Math.abs((edge[i] ?? 0) - (pe[i] ?? 0));
      }
    }
    const motion = this.hasPrev ? this.globalMotion() : { x: 0, y: 0, mc: 0, raw: 0 };
    const grid = new Uint8Array(GRID_W * GRID_H * 3);
    for (let c = 0; c < GRID_W * GRID_H; c++) {
      const k = this.cellCount[c] || 1;
      grid[c * 3] = Math.round((sums[c * 3] ?? 0) / k);
      grid[c * 3 + 1] = Math.round((sums[c * 3 + 1] ?? 0) / k);
      grid[c * 3 + 2] = Math.round((sums[c * 3 + 2] ?? 0) / k);
    }
    const mean = sum / n;
    const features: FrameFeatures = {
      index,
      time,
      meanLuma: mean / 255,
      lumaStd: Math.sqrt(Math.max(0, sumSq / n - mean * mean)) / 255,
      diffPrev: this.hasPrev ? diff / (n * 255) : 0,
      edgeDiffPrev: this.hasPrev ? edgeDiff / (n * 255) : 0,
      edgeEnergy: edgeSum / (n * 255),
      motionX: motion.x,
      motionY: motion.y,
      mcDiff: motion.mc,
      rawDiff: motion.raw,
      hist,
      grid,
    };
    this.swap();
    return features;
  }

  /**
   * Best integer shift (±4 px horizontally, ±3 vertically at half size) between this frame's and the
   * previous frame's half-size luma, compared on a fixed centre region so every shift sees the same
   * pixels. About 60 × 300 absolute differences per frame.
   */
  private globalMotion(): { x: number; y: number; mc: number; raw: number } {
    const { w, hw, hh, luma } = this;
    const half = this.half;
    for (let y = 0; y < hh; y++) {
      for (let x = 0; x < hw; x++) {
        const i = 2 * y * w + 2 * x;
        half[y * hw + x] = ((luma[i] ?? 0) + (luma[i + 1] ?? 0) + (luma[i + w] ?? 0) + (luma[i + w + 1] ?? 0) + 2) >> 2;
      }
    }
    const prev = this.prevHalf;
    const mx = 4;
    const my = 3;
    if (hw <= 2 * mx + 2 || hh <= 2 * my + 2) return { x: 0, y: 0, mc: 0, raw: 0 };
    const count = (hw - 2 * mx) * (hh - 2 * my);
    const sadAt = (dx: number, dy: number, limit: number) => {
      let sad = 0;
      for (let y = my; y < hh - my && sad < limit; y++) {
        const row = y * hw;
        const prow = (y - dy) * hw - dx;
        for (let x = mx; x < hw - mx; x++) sad += Math.abs((half[row + x] ?? 0) - (prev[prow + x] ?? 0));
      }
      return sad;
    };
    const raw = sadAt(0, 0, Infinity);
    // A shift must beat "no motion" clearly (flat or noisy content would pick random shifts).
    let best = raw * 0.97;
    let bx = 0;
    let by = 0;
    for (let dy = -my; dy <= my; dy++) {
      for (let dx = -mx; dx <= mx; dx++) {
        if (dx === 0 && dy === 0) continue;
        const sad = sadAt(dx, dy, best);
        if (sad < best) {
          best = sad;
          bx = dx;
          by = dy;
        }
      }
    }
    if (bx === 0 && by === 0) best = raw;
    return { x: bx, y: by, mc: best / (count * 255), raw: raw / (count * 255) };
  }

  /** After extract: keep this frame's planes as "previous"; `luma`/`edge` are rewritten next time. */
  private swap() {
    const l = this.prevLuma;
    this.prevLuma = this.luma;
    this.luma = l;
    const e = this.prevEdge;
    this.prevEdge = this.edge;
    this.edge = e;
    const hf = this.prevHalf;
    this.prevHalf = this.half;
    this.half = hf;
    this.hasPrev = true;
  }

  /** Luma of the frame last passed to extract (valid until the next extract). */
  get lastLuma(): Uint8Array {
    return this.prevLuma;
  }
}
