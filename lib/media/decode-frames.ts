// One ffmpeg decode pass → small RGB frames streamed into Node → cheap per-frame features.
//
// Why this shape:
// - ffmpeg does the expensive part (decode + area downscale to e.g. 64×36 + yuv→rgb at the small
//   size) in one process; Node only touches ~2.3 k pixels per frame, so the pass runs close to the
//   speed of a plain decode. Other modules can hook `onFrame` to compute their own per-frame things
//   from the same pass instead of decoding again.
//
// This file is the entry point; the pieces live next to it:
// - frame-features.ts       FrameFeatures and the grid/histogram sizes (what each frame yields)
// - feature-extractor.ts    computing those features from one small RGB frame
// - decode-runner.ts        spawning ffmpeg, reading raw frames + pts times (showinfo), options
// - stream-probe.ts         ffprobe of the stream (fps, size, duration)
// - frame-serialization.ts  packing/unpacking features into a buffer (artefact between steps)
import { runDecode, type DecodeFrameOptions } from "./decode-runner";
import type { Still } from "./decode-stills";
import type { FrameFeatures } from "./frame-features";
import { probeStream } from "./stream-probe";
import { item } from "@/lib/core/item";

export { createFeatureExtractor } from "./feature-extractor";
export { GRID_H, GRID_W, HIST_BINS, type FrameFeatures } from "./frame-features";
export type { DecodeFrameOptions, RawFrame } from "./decode-runner";
export { stillSize, type Still, type StillsOptions } from "./decode-stills";
export { deserializeFrameFeatures, serializeFrameFeatures } from "./frame-serialization";

/** Default analysis size of the decode pass's small frames. */
export const ANALYSIS_WIDTH = 64;
export const ANALYSIS_HEIGHT = 36;

export interface DecodedFrames {
  /** Nominal frame rate (avg_frame_rate, else r_frame_rate, else from frame times). */
  fps: number;
  /** Source frame size. */
  width: number;
  height: number;
  /** Container duration in seconds (falls back to the last frame's end). */
  duration: number;
  analysisWidth: number;
  analysisHeight: number;
  frames: FrameFeatures[];
  frameCount: number;
  /** JPEG stills of the same pass (only when `stills` was asked for), in time order. */
  stills: Still[];
}

/**
 * Decodes the first video stream once at full frame rate, downscaled in ffmpeg, and returns
 * per-frame features (and streams every small frame to `onFrame`); with `stills`, the same pass
 * also writes a JPEG every `stills.interval` seconds (decode-stills.ts).
 */
export async function decodeFrameFeatures(file: string, opts: DecodeFrameOptions = {}): Promise<DecodedFrames> {
  const w = opts.width ?? ANALYSIS_WIDTH;
  const h = opts.height ?? ANALYSIS_HEIGHT;
  const probing = probeStream(file, opts.signal);
  probing.catch(() => undefined);
  let result: { frames: FrameFeatures[]; count: number; stills: Still[] };
  try {
    result = await runDecode(file, w, h, opts, "-fps_mode", probing);
  } catch (err) {
    // ffmpeg < 5.1 has no -fps_mode; -vsync is the older spelling of the same thing.
    const stderr = (err as { stderr?: string }).stderr ?? "";
    if (!/Unrecognized option 'fps_mode'/.test(stderr)) throw err;
    result = await runDecode(file, w, h, opts, "-vsync", probing);
  }
  const p = await probing;
  const frames = result.frames;
  let fps = p.fps;
  if (!fps && frames.length > 1) fps = (frames.length - 1) / (item(frames, frames.length - 1).time - item(frames, 0).time || 1);
  const lastEnd = frames.length ? item(frames, frames.length - 1).time + 1 / (fps || 30) : 0;
  return {
    fps,
    width: p.width,
    height: p.height,
    duration: p.duration || lastEnd,
    analysisWidth: w,
    analysisHeight: h,
    frames,
    frameCount: result.count,
    stills: result.stills,
  };
}
