// Where the topic changes, TextTiling-style on the sentence vectors the product already stores:
// at each gap between consecutive pieces of text (transcript lines, on-screen text), the vectors of
// up to WINDOW pieces before and after it are summed and compared (cosine). A topic boundary is a
// valley of that similarity, as deep as it lies below the nearest peaks on either side (Hearst's
// depth score); or two neighbouring sentences (of a few words each) that share nothing, which is
// how a video whose every line is another topic shows it. Either makes a candidate cut, with its
// depth and lowness as strength. Pure; the caller picks cuts by strength.

import { cosine } from "@/lib/analysis/people/cluster";
import { item } from "@/lib/core/item";

/** A piece of text with its time and sentence vector. */
export interface TopicUnit {
  start: number;
  end: number;
  vector: ArrayLike<number>;
  /** How many words the text has (short fragments say too little to compare alone). */
  words: number;
}

export interface TopicCut {
  /** Where to cut: inside the pause between the two windows. */
  time: number;
  /** The pause the cut may move within (a scene change inside it is a better place). */
  from: number;
  to: number;
  /** Similarity of the windows on either side (cosine). */
  similarity: number;
  depth: number;
  strength: number;
}

/** Pieces of text compared on each side of a gap. */
export const WINDOW = 3;
/** A window reaches at most this far from the gap (seconds). */
export const WINDOW_SECONDS = 40;
/** A valley at least this deep (in cosine) is a topic boundary. */
export const MIN_DEPTH = 0.12;
/** Neighbouring sentences at most this similar share no topic, valley or not (offline sentence
 * encoder: half of the sentence pairs of different topics of bench/chapters, 1 in 20 of one topic's
 * pairs are below 0.31). */
export const LOW_SIMILARITY = 0.2;
/** Sentences compared alone have at least this many words. */
export const MIN_WORDS_ALONE = 6;

function unitVector(v: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(v as ArrayLike<number>);
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / n;
  return out;
}

function windowSum(units: readonly { vector: Float64Array; mid: number }[], from: number, to: number, step: 1 | -1, t: number): Float64Array {
  const sum = new Float64Array(item(units, from).vector.length);
  for (let i = from, k = 0; i >= 0 && i < units.length && k < WINDOW && i !== to; i += step, k++) {
    if (k > 0 && Math.abs(item(units, i).mid - t) > WINDOW_SECONDS) break;
    const v = item(units, i).vector;
    for (let d = 0; d < sum.length; d++) sum[d] = (sum[d] ?? 0) + (v[d] ?? 0);
  }
  return sum;
}

/** Candidate topic cuts between the units (any order), strongest valleys first is up to the caller. */
export function topicCuts(input: readonly TopicUnit[]): TopicCut[] {
  const units = input
    .filter((u) => u.vector.length > 0)
    // A piece counts from where it begins (a slide's text from when the slide appears).
    .map((u) => ({ start: u.start, end: u.end, mid: u.start, words: u.words, vector: unitVector(u.vector) }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  if (units.length < 2) return [];
  const gaps: { time: number; from: number; to: number; s: number; alone: number }[] = [];
  for (let g = 0; g + 1 < units.length; g++) {
    const leftEnd = Math.max(...units.slice(0, g + 1).map((u) => u.end).slice(-WINDOW));
    const rightStart = item(units, g + 1).start;
    const from = Math.min(leftEnd, rightStart);
    const to = Math.max(leftEnd, rightStart);
    const t = (item(units, g).mid + item(units, g + 1).mid) / 2;
    const s = cosine(windowSum(units, g, -1, -1, t), windowSum(units, g + 1, units.length, 1, t));
    const [a, b] = [item(units, g), item(units, g + 1)];
    const alone = a.words >= MIN_WORDS_ALONE && b.words >= MIN_WORDS_ALONE ? cosine(a.vector, b.vector) : 1;
    gaps.push({ time: rightStart > leftEnd ? (leftEnd + rightStart) / 2 : rightStart, from, to, s, alone });
  }
  const out: TopicCut[] = [];
  gaps.forEach((gap, g) => {
    // Depth only at the bottom of a valley: the gaps on its slopes are the same boundary seen less clearly.
    // At the ends a window holds a single piece: too little to weigh a valley on.
    const bottom = g > 0 && g + 1 < gaps.length && !((item(gaps, g - 1).s < gap.s) || (g + 1 < gaps.length && item(gaps, g + 1).s <= gap.s));
    let left = gap.s;
    for (let i = g - 1; i >= 0 && item(gaps, i).s >= left; i--) left = item(gaps, i).s;
    let right = gap.s;
    for (let i = g + 1; i < gaps.length && item(gaps, i).s >= right; i++) right = item(gaps, i).s;
    const depth = bottom ? left - gap.s + (right - gap.s) : 0;
    const low = LOW_SIMILARITY - gap.alone;
    if (depth < MIN_DEPTH && low < 0) return;
    out.push({ time: gap.time, from: gap.from, to: gap.to, similarity: gap.s, depth, strength: depth + Math.max(0, low) });
  });
  return out;
}
