// What the decode pass computes for each frame: the FrameFeatures record and the sizes of its
// block grid and colour histogram. Types and constants only — the analysis modules that read
// features depend on this file, not on the decoder (see feature-extractor.ts for how they are computed).

/** Block grid kept per frame for multi-frame comparisons (RGB block means). */
export const GRID_W = 16;
export const GRID_H = 9;
/** Joint RGB histogram with 4 levels per channel. */
export const HIST_BINS = 64;

export interface FrameFeatures {
  index: number;
  /** Presentation time in seconds from the start of the file. */
  time: number;
  /** Mean luma (BT.601), 0..1. */
  meanLuma: number;
  /** Standard deviation of luma over the frame, 0..1. */
  lumaStd: number;
  /** Mean |Δluma| against the previous decoded frame at analysis size, 0..1 (0 for the first frame). */
  diffPrev: number;
  /** Mean |Δ| of the luma gradient magnitude against the previous frame, 0..1: edges appearing/vanishing. */
  edgeDiffPrev: number;
  /** Mean luma gradient magnitude (sharpness/texture), 0..1. */
  edgeEnergy: number;
  /** Global motion against the previous frame: best integer shift of the half-size luma (pixels at half analysis size). */
  motionX: number;
  motionY: number;
  /** Mean |Δluma| against the previous frame after compensating that shift (centre region, half size), 0..1. */
  mcDiff: number;
  /** Mean |Δluma| of the same region without compensation, 0..1 (mcDiff/rawDiff ≪ 1 → camera motion). */
  rawDiff: number;
  /**
   * 4×4×4 joint RGB histogram (index r<<4 | g<<2 | b over bin numbers), soft-binned: each pixel
   * spreads over the two nearest levels per channel, so a gradual brightness change moves mass
   * smoothly instead of in jumps at bin edges. Sums to the pixel count.
   */
  hist: Float32Array;
  /** GRID_W×GRID_H RGB block means, row-major, 3 bytes per cell. */
  grid: Uint8Array;
}
