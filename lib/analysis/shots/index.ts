// Shot-boundary engine: pure functions over per-frame features from lib/media/decode-frames.
export { detectShots, detectBoundaries } from "./detect-shots";
export { describeShot, colourName } from "./describe-shot";
export { detectCuts } from "./detect-cuts";
export { detectGradual } from "./detect-gradual";
export type { Boundary, DetectShotsOptions, Shot, ShotFrame, Transition, TransitionKind } from "./types";
