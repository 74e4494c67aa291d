// Consecutive shots merged into scenes. Each boundary between two shots weighs evidence:
// - look: a shot like one of the last few shots continues that shot's scene, and every boundary in
//   between goes. Returns (A-B-A) are deliberate: the shots in between join the scene only when they
//   are an insert (together at most SCENES.insertMaxSeconds) or when they return themselves
//   (A B A B dialogue); otherwise A-B-C-A is four scenes — the story went elsewhere and came back;
// - transitions: a fade through black (or a black slug) or a dissolve raises the similarity needed
//   to continue — evidence for a boundary, not a rule, so a fade between two shots of one set-up
//   stays inside the scene;
// - speech: a transcript cue running across the cut, or speech resuming within a second of it,
//   lowers the similarity needed (on a plain cut, to nothing);
// - short shots: a shot shorter than SCENES.shortShotSeconds between two neighbours that do not
//   continue each other joins at most one of them — the one it resembles more — and otherwise
//   stands alone; it never joins both sides by resembling each enough.
// Black slugs belong to the scene they close. All numbers: tuning.ts (SCENES).
import { SCENES } from "./tuning";
import { item } from "@/lib/core/item";

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
  window?: number;
  threshold?: number;
  speechGap?: number;
  insertMaxSeconds?: number;
  shortShotSeconds?: number;
}

export interface MergeScenesInput {
  shots: readonly SceneShotInput[];
  /** similarity(i, j) for shot indices i < j, 0..1. */
  similarity: (i: number, j: number) => number;
  cues?: readonly SpeechCue[];
  /** fadeBefore[i]: the picture passes through black at the boundary before shot i. */
  fadeBefore?: readonly boolean[];
  /** dissolveBefore[i]: shot i dissolves in. */
  dissolveBefore?: readonly boolean[];
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
  const window = opts.window ?? SCENES.window;
  const threshold = opts.threshold ?? SCENES.threshold;
  const gap = opts.speechGap ?? SCENES.speechGap;
  const insertMax = opts.insertMaxSeconds ?? SCENES.insertMaxSeconds;
  const shortMax = opts.shortShotSeconds ?? SCENES.shortShotSeconds;
  const cues = [...(input.cues ?? [])].sort((a, b) => a.start - b.start);
  const black = shots.map((s) => !!s.black);
  const firstLit = black.indexOf(false);

  const links: BoundaryReason[] = new Array(n).fill(null);
  // Similarity needed to continue across boundary i (before shot i), from the transition.
  const penalty: number[] = new Array(n).fill(0);
  for (let i = 1; i < n; i++) {
    if (black[i]) links[i] = "black"; // a slug closes the scene before it
    else if (black[i - 1] && firstLit === i) links[i] = "black"; // leading slugs open the first lit scene
    else if (black[i - 1]) penalty[i] = SCENES.slugPenalty;
    else if (input.fadeBefore?.[i]) penalty[i] = SCENES.fadePenalty;
    else if (input.dissolveBefore?.[i]) penalty[i] = SCENES.dissolvePenalty;
  }
  const speech = shots.map((s, i) => i > 0 && cues.length > 0 && speechContinuesAt(cues, s.start, gap));
  const sim = (a: number, b: number) => (a < b ? similarity(a, b) : similarity(b, a));
  const maxPenalty = (k: number, i: number) => {
    let p = 0;
    for (let b = k + 1; b <= i; b++) p = Math.max(p, penalty[b] ?? 0);
    return p;
  };
  // A shot between k and i that itself returns on the far side of k or of i (A B A B: the B
  // between two A's comes back after them, or came before them) — not merely a run of alike
  // shots between the two A's (A B B B A: an excursion).
  const returns = (j: number, k: number, i: number) => {
    for (let m = Math.max(0, k - window); m <= Math.min(n - 1, i + window); m++) {
      if ((m > k && m <= i) || black[m] || Math.abs(m - j) > window) continue;
      if (sim(m, j) >= threshold + maxPenalty(Math.min(m, j), Math.max(m, j))) return true;
    }
    return false;
  };
  const returnAllowed = (k: number, i: number) => {
    let seconds = 0;
    for (let j = k + 1; j < i; j++) if (!black[j]) seconds += item(shots, j).end - item(shots, j).start;
    if (seconds <= insertMax) return true;
    for (let j = k + 1; j < i; j++) if (!black[j] && !returns(j, k, i)) return false;
    return true;
  };

  // Short shots between two lit neighbours that do not continue each other (A s B, A and B apart):
  // s may join only the neighbour it resembles more (its similarity less the transition's penalty;
  // the usual threshold still applies); the cut to the other neighbour is not bridged by s.
  // apart[b]: boundary b (before shot b) is not linked by the two shots either side of it alone.
  // (Longer returns over s — A s B A, s A s — are still weighed by the loop below.)
  const apart: boolean[] = new Array(n).fill(false);
  for (let s = 1; s < n - 1; s++) {
    if (black[s] || black[s - 1] || black[s + 1] || item(shots, s).end - item(shots, s).start >= shortMax) continue;
    if (sim(s - 1, s + 1) >= threshold + maxPenalty(s - 1, s + 1)) continue; // A s A: an insert, decided below
    const left = sim(s - 1, s) - (penalty[s] ?? 0);
    const right = sim(s, s + 1) - (penalty[s + 1] ?? 0);
    apart[left >= right ? s + 1 : s] = true;
  }

  for (let i = 1; i < n; i++) {
    if (black[i]) continue;
    for (let k = Math.max(0, i - window); k < i; k++) {
      if (black[k]) continue;
      if (k === i - 1 && apart[i]) continue;
      const need = threshold + maxPenalty(k, i);
      if (sim(k, i) < need) continue;
      if (k < i - 1 && !returnAllowed(k, i)) continue;
      for (let b = k + 1; b <= i; b++) if (!links[b]) links[b] = "visual";
      break; // the earliest similar shot links the most boundaries
    }
    if (!links[i] && speech[i] && !black[i - 1] && sim(i - 1, i) >= threshold + (penalty[i] ?? 0) - SCENES.speechBonus) links[i] = "speech";
  }

  const scenes: MergedScene[] = [];
  let current: MergedScene = { start: item(shots, 0).start, end: item(shots, 0).end, shots: [0] };
  for (let i = 1; i < n; i++) {
    if (links[i]) {
      current.shots.push(i);
      current.end = Math.max(current.end, item(shots, i).end);
    } else {
      scenes.push(current);
      current = { start: item(shots, i).start, end: item(shots, i).end, shots: [i] };
    }
  }
  scenes.push(current);
  return { scenes, links };
}
