// Whisper-style models write text where nobody speaks: over silence ("Thank you for watching"),
// on music, or by looping the previous line. These rules drop such segments; each dropped one
// keeps its reason so the module can report how many went.
import { silentSeconds, type Interval } from "./silence";

export interface SttSegment {
  start: number;
  end: number;
  text: string;
  avg_logprob?: number;
  no_speech_prob?: number;
  compression_ratio?: number;
}

export type DropReason = "empty" | "no_speech" | "repetitive" | "repeat" | "silence_phrase";

/** Phrases models are known to produce on silent or near-silent audio (from their subtitle-laden training data). */
const SILENCE_PHRASES = [
  "thank you",
  "thank you for watching",
  "thanks for watching",
  "thank you very much",
  "thank you so much for watching",
  "please subscribe",
  "like and subscribe",
  "subscribe to my channel",
  "don't forget to like and subscribe",
  "see you in the next video",
  "see you next time",
  "bye",
  "bye bye",
  "you",
  "subtitles by the amara org community",
  "transcription by castingwords",
  "transcribed by",
  "subtitles by",
  "translated by",
  "ご視聴ありがとうございました",
  "字幕由amara org社区提供",
  "sous titrage st 501",
  "untertitel der amara org community",
  "untertitel im auftrag des zdf",
  "vielen dank",
  "gracias",
  "music",
  "applause",
];

export function normalizeForCompare(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();
}

function isSilencePhrase(text: string): boolean {
  const n = normalizeForCompare(text);
  if (!n) return true; // only punctuation or music symbols
  return SILENCE_PHRASES.some((p) => n === p || (n.startsWith(p) && n.length - p.length <= 12 && p.length >= 10));
}

export interface FilterOptions {
  /** Silences of the same audio on the same clock as the segments. */
  silences?: readonly Interval[];
  /** Fraction of a segment that must be silent for a silence phrase to be dropped. */
  silentFraction?: number;
}

export function filterHallucinations<T extends SttSegment>(
  segments: readonly T[],
  opts: FilterOptions = {},
): { kept: T[]; dropped: { segment: T; reason: DropReason }[] } {
  const kept: T[] = [];
  const dropped: { segment: T; reason: DropReason }[] = [];
  const silentFraction = opts.silentFraction ?? 0.8;
  let previous: string | null = null;
  let run = 0;
  for (const s of segments) {
    const text = s.text.trim();
    const norm = normalizeForCompare(text);
    let reason: DropReason | null = null;
    if (!text) reason = "empty";
    // Whisper's own rule: the no-speech token is likely and the decoded text is unlikely.
    else if ((s.no_speech_prob ?? 0) > 0.6 && (s.avg_logprob ?? 0) < -1) reason = "no_speech";
    // Whisper's threshold for a decoding loop (gzip ratio of the text).
    else if ((s.compression_ratio ?? 0) > 2.4 && (s.avg_logprob ?? 0) < -0.5) reason = "repetitive";
    // A line said again at once is kept when short ("No." "No."), dropped when it is a loop.
    else if (norm && norm === previous && (norm.split(" ").length >= 3 || run >= 2)) reason = "repeat";
    else if (opts.silences && isSilencePhrase(text)) {
      const len = Math.max(1e-6, s.end - s.start);
      if (silentSeconds(opts.silences, s.start, s.end) / len >= silentFraction) reason = "silence_phrase";
    }
    if (norm && norm === previous) run++;
    else if (!reason) run = 1;
    if (reason) dropped.push({ segment: s, reason });
    else {
      kept.push(s);
      previous = norm;
    }
  }
  return { kept, dropped };
}
