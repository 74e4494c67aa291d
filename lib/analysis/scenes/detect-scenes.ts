// Scenes from shots + decoded frame features + (optionally) transcript cues.
import type { FrameFeatures } from "@/lib/media/frame-features";
import { frameAt, framesIn } from "@/lib/analysis/visual/frame-stats";
import { groupShotFeatures } from "@/lib/analysis/visual/group-shots";
import { isBlack, shotFeature, shotSimilarity, type ShotFeature } from "@/lib/analysis/visual/shot-features";
import type { ShotSpan } from "@/lib/analysis/visual/shot-spans";
import { mergeScenes, type BoundaryReason, type SpeechCue } from "./merge-scenes";

export interface DetectedScene {
  start: number;
  end: number;
  /** Shot indices (positions in the shots array). */
  shots: number[];
  /** Distinct set-ups among the scene's shots (black slugs not counted). */
  setups: number;
}

const isBlackFrame = (f: FrameFeatures) => f.meanLuma < 0.06 && f.lumaStd < 0.05;

/** Does the picture pass through black within `radius` seconds of time t? */
function blackNear(frames: readonly FrameFeatures[], t: number, radius = 0.4): boolean {
  const around = framesIn(frames, t - radius, t + radius);
  if (!around.length) {
    const f = frameAt(frames, t);
    return !!f && isBlackFrame(f);
  }
  return around.some(isBlackFrame);
}

export function detectScenes(
  frames: readonly FrameFeatures[],
  shots: readonly ShotSpan[],
  cues: readonly SpeechCue[] = [],
): { scenes: DetectedScene[]; links: BoundaryReason[] } {
  const features: (ShotFeature | null)[] = shots.map((s) => shotFeature(frames, s));
  const black = features.map((f) => !!f && isBlack(f));
  // Passing through black between two lit shots; in a dark scene (night, a dim room) a black frame
  // at a cut is not a fade, so both sides must be clearly brighter than black.
  const lit = (f: ShotFeature | null) => !!f && f.luma > 0.1;
  // The detector's own word counts too: a shot that fades out, or one that fades in.
  const fadeBefore = shots.map(
    (s, i) =>
      i > 0 &&
      (shots[i - 1].endsWith === "fade_out" ||
        s.startsWith === "fade_in" ||
        (lit(features[i]) && lit(features[i - 1]) && blackNear(frames, s.start))),
  );
  const cache = new Map<number, number>();
  const similarity = (i: number, j: number) => {
    const key = i * shots.length + j;
    let v = cache.get(key);
    if (v === undefined) {
      const a = features[i];
      const b = features[j];
      v = a && b ? shotSimilarity(a, b) : 0;
      cache.set(key, v);
    }
    return v;
  };
  const { scenes, links } = mergeScenes({
    shots: shots.map((s, i) => ({ start: s.start, end: s.end, black: black[i] })),
    similarity,
    cues,
    fadeBefore,
  });
  return {
    links,
    scenes: scenes.map((sc) => {
      const lit = sc.shots.filter((i) => !black[i]);
      const setups = lit.length ? (() => {
        const g = groupShotFeatures(lit.map((i) => features[i]));
        return g.groups.length + g.singles.length;
      })() : 0;
      return { start: sc.start, end: sc.end, shots: sc.shots, setups };
    }),
  };
}
