// Shot-boundary types shared by the detector, the describer and the pipeline module.
import type { FrameFeatures } from "@/lib/media/frame-features";

/** What the detector reads per frame (a subset of the decode pass's features). */
export type ShotFrame = Pick<FrameFeatures, "time" | "meanLuma" | "lumaStd" | "diffPrev" | "hist" | "grid"> &
  Partial<Pick<FrameFeatures, "edgeDiffPrev" | "edgeEnergy" | "motionX" | "motionY" | "mcDiff" | "rawDiff">>;

export type TransitionKind = "start" | "cut" | "dissolve" | "fade_in" | "fade_out" | "wipe" | "end";

export interface Transition {
  type: TransitionKind;
  /** Seconds; for a cut start = end = time of the first frame of the new shot. */
  start: number;
  end: number;
  /** 0..1 */
  confidence: number;
}

export interface Shot {
  index: number;
  start: number;
  end: number;
  startsWith: TransitionKind;
  endsWith: TransitionKind;
  /** The transition that opens this shot (absent for the first shot unless it fades in). */
  transitionIn?: Transition;
  /** Time of the most representative frame (sharp, typical of the shot). */
  keyframeTime: number;
  /** 0..1 */
  meanLuma: number;
  /** 0..1: mean frame-to-frame change inside the shot, normalised. */
  motion: number;
  /** Hex colour of the dominant block colour, e.g. "#3a5f8c". */
  dominantColor?: string;
}

export interface DetectShotsOptions {
  fps: number;
  duration: number;
  /** Shots shorter than this are merged into a neighbour (seconds, default 0.25). */
  minShotSeconds?: number;
  /** Flat (black/white) holds up to this long stay inside a fade transition (seconds, default 1). */
  maxHoldSeconds?: number;
}

/** A boundary between two shots, before shots are assembled. */
export interface Boundary {
  /** Frame index of the first frame of the new shot (cuts) or of the transition's middle. */
  frame: number;
  /** Window in frames [startFrame, endFrame]: the last frame of the old shot … first clean frame of the new. */
  startFrame: number;
  endFrame: number;
  out: TransitionKind;
  in: TransitionKind;
  confidence: number;
}
