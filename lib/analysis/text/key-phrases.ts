// Key phrases of a text, RAKE-style (Rose et al. 2010): candidate phrases are the runs of
// content words between stopwords and punctuation; a word scores degree/frequency over all
// candidates, a phrase the sum of its words. Only words that occur in the text come out.
import { STOPWORDS, wordTokens } from "@/lib/core/stopwords";

/** Spoken fillers and vague words: they end a phrase here, though a search may still match them. */
const FILLERS = new Set(
  ("one ones thing things stuff lot lots kind sort way something anything everything nothing someone " +
    "actually basically literally really right well okay gonna wanna gotta know think mean say said says " +
    "see go goes going went come let lets make made take want put look looks looking first next last also")
    .split(" "),
);
const isBreak = (w: string) => STOPWORDS.has(w) || FILLERS.has(w);

export interface KeyPhrase {
  phrase: string;
  score: number;
  count: number;
}

export function extractKeyPhrases(text: string, opts: { max?: number; maxWords?: number } = {}): KeyPhrase[] {
  const max = opts.max ?? 10;
  const maxWords = opts.maxWords ?? 4;
  const candidates: string[][] = [];
  // Sentence punctuation ends a phrase as a stopword does.
  for (const piece of text.split(/[.,;:!?()[\]{}"“”«»…\n\r\t–—|/\\]+|\s-\s/)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length) {
        // Over-long runs (lists without stopwords) become phrases of at most maxWords words.
        for (let i = 0; i < run.length; i += maxWords) candidates.push(run.slice(i, i + maxWords));
      }
      run = [];
    };
    for (const w of wordTokens(piece)) {
      if (isBreak(w) || w.length < 2 || /^\d+$/.test(w)) flush();
      else run.push(w);
    }
    flush();
  }
  if (!candidates.length) return [];
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const c of candidates) {
    for (const w of c) {
      freq.set(w, (freq.get(w) ?? 0) + 1);
      degree.set(w, (degree.get(w) ?? 0) + c.length);
    }
  }
  const phrases = new Map<string, KeyPhrase>();
  for (const c of candidates) {
    const phrase = c.join(" ");
    const existing = phrases.get(phrase);
    if (existing) {
      existing.count++;
      continue;
    }
    const score = c.reduce((s, w) => s + degree.get(w)! / freq.get(w)!, 0);
    phrases.set(phrase, { phrase, score, count: 1 });
  }
  // A phrase said several times matters more than RAKE's per-occurrence score says; a lone word
  // said once says little, so it only comes out when nothing better exists.
  const all = [...phrases.values()];
  const strong = all.filter((p) => p.count > 1 || p.phrase.includes(" "));
  return (strong.length ? strong : all)
    .map((p) => ({ ...p, score: Math.round(p.score * (1 + Math.log(p.count)) * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || b.count - a.count || a.phrase.localeCompare(b.phrase))
    .slice(0, max);
}
