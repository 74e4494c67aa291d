// Words into utterances: one per speech region of the voice activity detector, long regions
// split at their widest pauses, each with the mean confidence of its words.
import type { Interval } from "@/lib/analysis/text/silence";
import type { RecognizedWord } from "./pocketsphinx";
import { item } from "@/lib/core/item";

export interface Utterance {
  start: number;
  end: number;
  text: string;
  /** Mean posterior probability of the words, 0..1. */
  confidence: number;
  words: RecognizedWord[];
}

/** Longer stretches of continuous speech are split at their widest pause. */
export const MAX_UTTERANCE_SECONDS = 20;

function region(regions: readonly Interval[], t: number, slack: number): number {
  // Binary search for the region holding t (allowing `slack` around it).
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (item(regions, mid).end + slack < t) lo = mid + 1;
    else if (item(regions, mid).start - slack > t) hi = mid - 1;
    else return mid;
  }
  return -1;
}

function splitLong(words: RecognizedWord[]): RecognizedWord[][] {
  if (words.length < 2 || item(words, words.length - 1).end - item(words, 0).start <= MAX_UTTERANCE_SECONDS) return [words];
  let cut = 1;
  let widest = -1;
  for (let i = 1; i < words.length; i++) {
    const gap = item(words, i).start - item(words, i - 1).end;
    if (gap > widest) [widest, cut] = [gap, i];
  }
  return [...splitLong(words.slice(0, cut)), ...splitLong(words.slice(cut))];
}

/** Words as an utterance's text: joined, "I" capitalised, the first letter upper case. */
export function utteranceText(words: readonly Pick<RecognizedWord, "word">[]): string {
  const text = words.map((w) => (w.word === "i" ? "I" : w.word.startsWith("i'") ? `I${w.word.slice(1)}` : w.word)).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

/**
 * Groups words by the speech region their middle falls in (`slack` seconds of tolerance);
 * words outside every region are dropped. Sorted by time.
 */
export function groupUtterances(words: readonly RecognizedWord[], regions: readonly Interval[], slack = 0.3): Utterance[] {
  const byRegion = new Map<number, RecognizedWord[]>();
  for (const w of [...words].sort((a, b) => a.start - b.start)) {
    const r = region(regions, (w.start + w.end) / 2, slack);
    if (r < 0) continue;
    let list = byRegion.get(r);
    if (!list) byRegion.set(r, (list = []));
    list.push(w);
  }
  const out: Utterance[] = [];
  for (const r of [...byRegion.keys()].sort((a, b) => a - b)) {
    for (const ws of splitLong(byRegion.get(r)!)) {
      const confidence = ws.reduce((s, w) => s + w.confidence, 0) / ws.length;
      out.push({
        start: round(item(ws, 0).start),
        end: round(item(ws, ws.length - 1).end),
        text: utteranceText(ws),
        confidence: round(confidence),
        words: ws.map((w) => ({ ...w, start: round(w.start), end: round(w.end), confidence: round(w.confidence) })),
      });
    }
  }
  return out;
}
