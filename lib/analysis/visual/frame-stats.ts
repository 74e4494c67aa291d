// Per-shot brightness, contrast and motion from the run's single decode pass (no extra decoding).
import type { FrameFeatures } from "@/lib/media/frame-features";
import { item } from "@/lib/core/item";

/** Index of the first frame with time ≥ t (frames are in time order). */
export function firstFrameAtOrAfter(frames: readonly FrameFeatures[], t: number): number {
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (item(frames, mid).time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The frames shown during [start, end). */
export function framesIn(frames: readonly FrameFeatures[], start: number, end: number): FrameFeatures[] {
  const a = firstFrameAtOrAfter(frames, start);
  const b = firstFrameAtOrAfter(frames, end);
  return frames.slice(a, Math.max(a, b));
}

/** The frame shown at time t (the last one starting at or before t). */
export function frameAt(frames: readonly FrameFeatures[], t: number): FrameFeatures | undefined {
  if (!frames.length) return undefined;
  const i = firstFrameAtOrAfter(frames, t + 1e-6);
  return frames[Math.max(0, i - 1)];
}

export type Level = "low" | "medium" | "high";
export type BrightnessLevel = "dark" | "medium" | "bright";

export interface ShotLook {
  /** Mean luma 0..1 over the shot's frames. */
  brightness: number;
  brightnessLevel: BrightnessLevel;
  /** Mean per-frame luma standard deviation 0..1 (RMS contrast). */
  contrast: number;
  contrastLevel: Level;
  /** Mean |Δluma| between consecutive frames within the shot, 0..1. */
  motion: number;
  motionLevel: Level;
  frameCount: number;
}

// Thresholds on 64×36 analysis frames. Motion: static shots with compression noise sit near
// 0.002–0.008; a slow pan or people moving ≈ 0.015–0.04; fast action or handheld > 0.05.
const BRIGHT = { dark: 0.3, bright: 0.6 };
const CONTRAST = { low: 0.12, high: 0.24 };
const MOTION = { low: 0.015, high: 0.05 };

export const brightnessLevel = (v: number): BrightnessLevel =>
  v < BRIGHT.dark ? "dark" : v > BRIGHT.bright ? "bright" : "medium";
export const contrastLevel = (v: number): Level => (v < CONTRAST.low ? "low" : v > CONTRAST.high ? "high" : "medium");
export const motionLevel = (v: number): Level => (v < MOTION.low ? "low" : v > MOTION.high ? "high" : "medium");

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Brightness, contrast and motion of the frames in [start, end); null when no frame falls inside. */
export function shotLook(frames: readonly FrameFeatures[], start: number, end: number): ShotLook | null {
  let inside = framesIn(frames, start, end);
  if (!inside.length) {
    const f = frameAt(frames, start);
    if (!f) return null;
    inside = [f];
  }
  let luma = 0;
  let std = 0;
  for (const f of inside) {
    luma += f.meanLuma;
    std += f.lumaStd;
  }
  // The first frame's diffPrev measures the cut into the shot, not motion inside it.
  let motion = 0;
  for (let i = 1; i < inside.length; i++) motion += item(inside, i).diffPrev;
  const brightness = luma / inside.length;
  const contrast = std / inside.length;
  const m = inside.length > 1 ? motion / (inside.length - 1) : 0;
  return {
    brightness: round3(brightness),
    brightnessLevel: brightnessLevel(brightness),
    contrast: round3(contrast),
    contrastLevel: contrastLevel(contrast),
    motion: round3(m),
    motionLevel: motionLevel(m),
    frameCount: inside.length,
  };
}
