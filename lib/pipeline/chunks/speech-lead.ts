// What a chunk heard in its lead — the seconds before its speech range, heard only so the
// recogniser knows the room when the range's first words come — belongs to the previous chunk,
// which heard it up to the border. It is dropped word by word, not utterance by utterance: in
// continuous speech an utterance (up to 20 s) often starts in the lead and runs far past the
// border, and dropping it whole lost those words (262 of 1,739 on the 10-minute bench clip).
import { utteranceText } from "@/lib/analysis/speech/utterances";
import type { SegmentDraft } from "../types";

type Word = [string, number, number, number, ...unknown[]];

const isWord = (w: unknown): w is Word => Array.isArray(w) && typeof w[0] === "string" && typeof w[1] === "number" && typeof w[2] === "number";

/**
 * The segments (on the chunk's audio clock) that are this chunk's: `lead` is where its speech
 * range starts. A word is the chunk's when its middle is at or after `lead`; a segment with word
 * times keeps those words (its text, start and confidence made from them), one without (a
 * speech-to-text service's) is kept when its middle is.
 */
export function withoutLead(segments: readonly SegmentDraft[], lead: number): SegmentDraft[] {
  const own = (start: number, end: number) => (start + end) / 2 >= lead;
  const out: SegmentDraft[] = [];
  for (const s of segments) {
    if (s.start_time >= lead) {
      out.push(s);
      continue;
    }
    const words = Array.isArray(s.metadata.words) ? (s.metadata.words as unknown[]) : null;
    if (!words?.length || !words.every(isWord)) {
      if (own(s.start_time, s.end_time)) out.push(s);
      continue;
    }
    const kept = words.filter((w) => own(w[1], w[2]));
    if (!kept.length) continue;
    if (kept.length === words.length) {
      out.push(s);
      continue;
    }
    const confidences = kept.map((w) => w[3]).filter((c): c is number => typeof c === "number");
    const confidence = confidences.length ? Math.round((confidences.reduce((a, b) => a + b, 0) / confidences.length) * 1000) / 1000 : undefined;
    out.push({
      ...s,
      start_time: kept[0]![1],
      content: utteranceText(kept.map((w) => ({ word: w[0] }))),
      metadata: { ...s.metadata, words: kept, ...(confidence === undefined || s.metadata.confidence === undefined ? {} : { confidence }) },
    });
  }
  return out;
}
