// Consecutive shots merged into scenes. A boundary between two shots survives unless something
// ties the two sides together:
// - look: a shot similar to one of the last few shots (a sliding window) continues the scene, and
//   every boundary in between goes — so a dialogue cutting A B A B between two set-ups is one scene;
// - speech: a transcript cue running across the cut, or speech resuming within a second of it;
// while a fade to or from black always ends a scene (black slugs belong to the scene they close).

export interface SceneShotInput {
  start: number;
  end: number;
  /** The shot is (nearly) black throughout: a fade slug. */
  black?: boolean;
}

export interface SpeechCue {
  start: number;
  end: number;
}

export interface MergeScenesOptions {
  /** How many earlier shots a shot is compared with (default 4). */
  window?: number;
  /**
   * Similarity at which a shot continues the scene of an earlier one (default 0.62: looser than a
   * set-up, so the same place from a nearby angle continues; on the synthetic set ~1 in 200
   * unrelated pairs reach it, which the short window keeps from chaining).
   */
  threshold?: number;
  /** Speech that pauses less than this across a cut keeps the shots together (default 1 s). */
  speechGap?: number;
}

export interface MergeScenesInput {
  shots: readonly SceneShotInput[];
  /** similarity(i, j) for shot indices i < j, 0..1. */
  similarity: (i: number, j: number) => number;
  cues?: readonly SpeechCue[];
  /** fadeBefore[i]: the picture passes through black at the boundary before shot i. */
  fadeBefore?: readonly boolean[];
}

export type BoundaryReason = "visual" | "speech" | "black" | null;

export interface MergedScene {
  start: number;
  end: number;
  /** Indices of the shots in the scene, ascending. */
  shots: number[];
}

export interface MergeScenesResult {
  scenes: MergedScene[];
  /** Per boundary i (before shot i, i ≥ 1): what kept it together, or null when it is a scene cut. */
  links: BoundaryReason[];
}

/** Speech continues across time t: a cue spans it, or speech stops and resumes around it within `gap`. */
export function speechContinuesAt(cues: readonly SpeechCue[], t: number, gap: number): boolean {
  const margin = 0.25;
  for (const c of cues) if (c.start < t - margin && c.end > t + margin) return true;
  // The last cue ending by t (+margin) and the first starting from t (−margin).
  let before: SpeechCue | null = null;
  let after: SpeechCue | null = null;
  for (const c of cues) {
    if (c.end <= t + margin && c.start < t && (!before || c.end > before.end)) before = c;
    if (c.start >= t - margin && c.end > t && (!after || c.start < after.start)) after = c;
  }
  if (!before || !after || before === after) return false;
  return after.start - before.end < gap && t - before.end < gap && after.start - t < gap;
}

export function mergeScenes(input: MergeScenesInput, opts: MergeScenesOptions = {}): MergeScenesResult {
  const { shots, similarity } = input;
  const n = shots.length;
  if (!n) return { scenes: [], links: [] };
  const window = opts.window ?? 4;
  const threshold = opts.threshold ?? 0.62;
  const gap = opts.speechGap ?? 1;
  const cues = [...(input.cues ?? [])].sort((a, b) => a.start - b.start);
  const black = shots.map((s) => !!s.black);
  const firstLit = black.indexOf(false);

  const links: BoundaryReason[] = new Array(n).fill(null);
  const forced: boolean[] = new Array(n).fill(false);
  for (let i = 1; i < n; i++) {
    if (black[i]) links[i] = "black"; // a slug closes the scene before it
    else if (black[i - 1] && firstLit === i) links[i] = "black"; // leading slugs open the first lit scene
    else if (black[i - 1] || input.fadeBefore?.[i]) forced[i] = true;
  }

  const forcedBetween = (k: number, i: number) => {
    for (let b = k + 1; b <= i; b++) if (forced[b]) return true;
    return false;
  };
  for (let i = 1; i < n; i++) {
    if (black[i]) continue;
    for (let k = Math.max(0, i - window); k < i; k++) {
      if (black[k] || forcedBetween(k, i)) continue;
      if (similarity(k, i) >= threshold) {
        for (let b = k + 1; b <= i; b++) if (!links[b]) links[b] = "visual";
        break; // the earliest similar shot links the most boundaries
      }
    }
    if (!links[i] && !forced[i] && cues.length && speechContinuesAt(cues, shots[i].start, gap)) links[i] = "speech";
  }

  const scenes: MergedScene[] = [];
  let current: MergedScene = { start: shots[0].start, end: shots[0].end, shots: [0] };
  for (let i = 1; i < n; i++) {
    if (links[i]) {
      current.shots.push(i);
      current.end = Math.max(current.end, shots[i].end);
    } else {
      scenes.push(current);
      current = { start: shots[i].start, end: shots[i].end, shots: [i] };
    }
  }
  scenes.push(current);
  return { scenes, links };
}
