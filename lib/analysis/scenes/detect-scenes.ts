// Scenes from shots + their look descriptors (decode-pass features, keyframe descriptors when
// available) + (optionally) transcript cues, with the shot detector's transitions as evidence.
// Neighbouring shots are compared by their scene score (lookScores().scene: a zoom match must be
// backed by the whole frame or by detail), a scene's set-ups counted by the set-up score.
import type { FrameFeatures } from "@/lib/media/frame-features";
import { frameAt, framesIn } from "@/lib/analysis/visual/frame-stats";
import { groupByLook } from "@/lib/analysis/visual/group-shots";
import type { ShotSpan } from "@/lib/analysis/visual/shot-spans";
import { mergeScenes, type BoundaryReason, type SpeechCue } from "./merge-scenes";
import { isBlackShot, memoizedLookScores, type LookSimilarities, type ShotLookDescriptor } from "./shot-similarity";
import { shotFeature } from "@/lib/analysis/visual/shot-features";
import { Pacer } from "@/lib/analysis/pacer";
import { SCENES } from "./tuning";
import { item } from "@/lib/core/item";

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

/**
 * `similarity`: the full comparisons of two looks, memoized (a run passes its memo shared with
 * grouped shots): `scene` links neighbouring shots, `setup` counts a scene's set-ups.
 */
export async function detectScenes(
  frames: readonly FrameFeatures[],
  shots: readonly ShotSpan[],
  cues: readonly SpeechCue[] = [],
  looks?: readonly ShotLookDescriptor[],
  similarity: LookSimilarities = memoizedLookScores(),
): Promise<{ scenes: DetectedScene[]; links: BoundaryReason[] }> {
  const descs: ShotLookDescriptor[] = looks ? [...looks] : shots.map((s) => ({ feature: shotFeature(frames, s), keyframe: null }));
  const black = descs.map((d) => isBlackShot(d));
  // Passing through black between two lit shots; in a dark scene (night, a dim room) a black frame
  // at a cut is not a fade, so both sides must be clearly brighter than black.
  const lit = (d: ShotLookDescriptor) => !!d.feature && d.feature.luma > 0.1;
  const fadeBefore = shots.map(
    (s, i) =>
      i > 0 &&
      (item(shots, i - 1).endsWith === "fade_out" ||
        s.startsWith === "fade_in" ||
        (lit(item(descs, i)) && lit(item(descs, i - 1)) && blackNear(frames, s.start))),
  );
  const dissolveBefore = shots.map((s, i) => i > 0 && (s.startsWith === "dissolve" || s.startsWith === "wipe"));
  const pairSimilarity = (i: number, j: number) => (black[i] || black[j] ? 0 : similarity.scene(item(descs, i), item(descs, j)));
  // mergeScenes compares shots at most SCENES.window apart: those pairs first, in slices (the
  // comparison takes milliseconds), so the merge itself finds them all in the memo.
  const pacer = new Pacer();
  for (let i = 0; i < shots.length; i++) {
    for (let j = i + 1; j <= i + SCENES.window && j < shots.length; j++) {
      if (pacer.due()) await pacer.pause();
      pairSimilarity(i, j);
    }
  }
  const { scenes, links } = mergeScenes({
    shots: shots.map((s, i) => ({ start: s.start, end: s.end, black: black[i] })),
    similarity: pairSimilarity,
    cues,
    fadeBefore,
    dissolveBefore,
  });
  const detected: DetectedScene[] = [];
  for (const sc of scenes) {
    const litShots = sc.shots.filter((i) => !black[i]);
    const g = await groupByLook(litShots.map((i) => item(descs, i)), undefined, {}, similarity.setup);
    detected.push({ start: sc.start, end: sc.end, shots: sc.shots, setups: litShots.length ? g.groups.length + g.singles.length : 0 });
  }
  return { links, scenes: detected };
}
