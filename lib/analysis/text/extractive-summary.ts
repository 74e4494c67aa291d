// The summary without a language model: extractive. What is said (transcript cues), written on
// screen (OCR) and seen (object labels, logos) become units with times; their sentence vectors
// (the search's own embedding) give each unit a centrality (TextRank: PageRank over the cosine
// graph) and the key moments are picked by maximal marginal relevance — central, and unlike the
// moments already picked — then put back in time order. The overview names the topics of those
// moments (key phrases of the units nearest each), quotes the most central passage, and says what
// is on screen. Every word comes from the analysis; nothing is counted into prose.
import { formatClock } from "@/lib/core/clock";
import { describeObjects } from "@/lib/analysis/labels/describe";
import { onScreenTexts, type DigestInput, type SegmentLike } from "./digest";
import { extractKeyPhrases } from "./key-phrases";
import { STOPWORDS, wordTokens } from "@/lib/core/stopwords";
import { item } from "@/lib/core/item";

export type UnitSource = "speech" | "on_screen" | "picture" | "logo";

export interface SummaryUnit {
  start: number;
  end: number;
  /** The text as said or shown (on-screen text without quotes). */
  text: string;
  source: UnitSource;
  /**
   * Speech from a recogniser that rates its words: the text with every word it was not sure of
   * (below SURE_WORD) replaced by a break, so topics are named only from words it was sure of.
   * Absent when every word is certain (subtitles, a correction, a model without word ratings).
   */
  sure?: string;
  /** Picture units: the labels the detector was sure of (SURE_OBJECT), with their counts in the shot. */
  labels?: { label: string; count: number }[];
}

export interface KeyMoment extends SummaryUnit {
  /** 1 = picked first (the most central). */
  rank: number;
}

export interface ExtractiveSummary {
  /** Two to four sentences. */
  overview: string;
  /** The topics, in time order, each with the time it first comes up. */
  topics: { topic: string; start: number }[];
  /** In time order. */
  keyMoments: KeyMoment[];
}

/** Most key moments a summary lists. */
export const MAX_KEY_MOMENTS = 8;
/** A candidate this similar to a moment already picked adds nothing new: the sentence encoder's
 * cosines of paraphrases reach ~0.5–0.7, of unrelated texts stay below ~0.4. */
const REDUNDANT = 0.75;
/** MMR's weight of centrality against novelty. */
const LAMBDA = 0.6;
/**
 * A recognised word is named in a topic only from this confidence on. PocketSphinx's posteriors on
 * the read speech of pocketsphinx-testdata: the misheard "many watts" (for "than he was") 0.02,
 * "young" 0.05, "leisure" 0.45, while most words it got right are rated 0.9–1.0 (some wrong ones
 * too: a topic needs two sure words in a row, and the key moments still quote the lines as heard).
 */
export const SURE_WORD = 0.9;
/** An object is named in the summary from this detector confidence on (the shown threshold is 0.55). */
export const SURE_OBJECT = 0.7;

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
const contentWords = (s: string) => wordTokens(s).filter((w) => !STOPWORDS.has(w) && /\p{L}/u.test(w) && w.length > 1);
const byStart = (a: SegmentLike, b: SegmentLike) => a.start_time - b.start_time || a.end_time - b.end_time;

/** What the summary is made of: speech, on-screen text, labels and logos, in time order. */
export function summaryUnits(input: DigestInput): SummaryUnit[] {
  const units: SummaryUnit[] = [];
  for (const s of [...input.transcript].sort(byStart)) {
    const text = oneLine(s.content);
    const sure = sureWords(s);
    if (contentWords(text).length >= 2) units.push({ start: s.start_time, end: s.end_time, text, source: "speech", ...(sure !== null ? { sure } : {}) });
  }
  for (const t of onScreenTexts(input.visual)) {
    if (contentWords(t.text).some((w) => w.length >= 3)) units.push({ start: t.time, end: t.end, text: t.text, source: "on_screen" });
  }
  let last = "";
  for (const s of [...input.visual].sort(byStart)) {
    const objects = s.metadata?.objects;
    // Only what the detector was sure of (an object without a rating was shown as a fact: kept).
    const labels = Array.isArray(objects)
      ? objects.filter((o): o is { label: string; confidence?: number } => typeof o?.label === "string" && !(typeof o.confidence === "number" && o.confidence < SURE_OBJECT))
      : [];
    const text = labels.length ? describeObjects(labels) : "";
    const prev = units[units.length - 1];
    if (text && text === last && prev?.source === "picture") prev.end = s.end_time;
    else if (text) units.push({ start: s.start_time, end: s.end_time, text, source: "picture", labels: labelCounts(labels) });
    last = text;
  }
  const logos = new Set<string>();
  for (const s of [...input.logos].sort(byStart)) {
    const text = oneLine(s.content);
    if (!text || logos.has(text.toLowerCase())) continue;
    logos.add(text.toLowerCase());
    units.push({ start: s.start_time, end: s.end_time, text, source: "logo" });
  }
  return units.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The cue's words with those the recogniser was not sure of as breaks ("|"); null when its words carry no ratings. */
function sureWords(s: SegmentLike): string | null {
  const words = s.metadata?.words;
  if (!Array.isArray(words) || !words.length) return null;
  const rated = words.filter((w): w is [string, number, number, number] => Array.isArray(w) && typeof w[0] === "string" && typeof w[3] === "number");
  if (rated.length !== words.length) return null;
  // Only when the words are the text's (a correction replaces the content but keeps the old ratings).
  if (wordTokens(rated.map((w) => w[0]).join(" ")).join(" ") !== wordTokens(s.content).join(" ")) return null;
  return rated.map((w) => (w[3] >= SURE_WORD ? w[0] : "|")).join(" ");
}

function labelCounts(labels: readonly { label: string }[]): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const o of labels) counts.set(o.label, (counts.get(o.label) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count }));
}

const dot = (a: readonly number[], b: readonly number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
};
const cosine = (a: readonly number[], b: readonly number[]) => {
  const n = Math.sqrt(dot(a, a) * dot(b, b));
  return n > 0 ? dot(a, b) / n : 0;
};

/** TextRank centrality: PageRank over the graph whose edge weights are the positive cosine similarities. */
export function centrality(sim: readonly (readonly number[])[], damping = 0.85, iterations = 40): number[] {
  const n = sim.length;
  if (!n) return [];
  const w = sim.map((row, i) => row.map((x, j) => (i === j ? 0 : Math.max(0, x))));
  const out = w.map((row) => row.reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if ((out[j] ?? 0) <= 0) {
        for (let i = 0; i < n; i++) next[i] = (next[i] ?? 0) + ((damping * (rank[j] ?? 0)) / n); // a unit like nothing else spreads evenly
        continue;
      }
      for (let i = 0; i < n; i++) if ((item(w, j)[i] ?? 0) > 0) next[i] = (next[i] ?? 0) + ((damping * (rank[j] ?? 0) * (item(w, j)[i] ?? 0)) / (out[j] ?? 0));
    }
    rank = next;
  }
  return rank;
}

/**
 * Indices of the key moments, in the order picked (MMR over centrality and similarity), among
 * `eligible` (default: all): at most `budget`; a unit too like one picked is never picked.
 */
export function pickKeyMoments(sim: readonly (readonly number[])[], score: readonly number[], budget: number, eligible?: readonly number[]): number[] {
  const left = new Set(eligible ?? score.map((_, i) => i));
  const top = Math.max(...[...left].map((i) => score[i] ?? 0), 0) || 1;
  const picked: number[] = [];
  while (picked.length < budget && left.size) {
    let best = -1;
    let bestValue = -Infinity;
    for (const i of [...left]) {
      const overlap = picked.length ? Math.max(...picked.map((j) => item(sim, i)[j] ?? 0)) : 0;
      if (overlap >= REDUNDANT) {
        left.delete(i); // says again what a picked moment says
        continue;
      }
      const value = LAMBDA * ((score[i] ?? 0) / top) - (1 - LAMBDA) * overlap;
      if (value > bestValue) [best, bestValue] = [i, value];
    }
    if (best < 0) break;
    picked.push(best);
    left.delete(best);
  }
  return picked;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).replace(/\s+\S*$/, "")}…` : s);
/** A unit as a sentence's end: quoted, with a full stop unless the quote ends in one. */
const quoteOf = (u: SummaryUnit) => {
  const q = u.source === "speech" ? `“${clip(u.text, 160)}”` : u.source === "on_screen" ? `the text “${clip(u.text, 80)}”` : u.text;
  return /[.!?…]”?$/.test(q) ? q : `${q}.`;
};

/** "a, b and c". */
export function joinList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Words RAKE keeps inside phrases that end a topic badly ("heavy snow across"). */
const TRAILING = new Set("across along around behind beside besides beyond near toward towards within without onto via per among amongst despite inside outside past".split(" "));

/** A phrase without a trailing preposition, nor a trailing past form after two words ("football match ended"). */
function tidyTopic(phrase: string): string {
  const words = phrase.split(" ");
  while (words.length > 1 && (TRAILING.has(item(words, words.length - 1)) || (words.length > 2 && /^[a-z]{3,}ed$/.test(item(words, words.length - 1))))) words.pop();
  return words.join(" ");
}

/**
 * The topic of a key moment: its own text's best key phrase, else its group's, else its first
 * content words — only from words the recogniser was sure of; from rated speech, a phrase of two
 * sure words at least, and no fallback (the moment is quoted instead).
 */
function topicOf(own: SummaryUnit, group: readonly SummaryUnit[], taken: ReadonlySet<string>): string | null {
  const rated = own.sure !== undefined;
  for (const text of [own.sure ?? own.text, group.map((u) => u.sure ?? u.text).join("\n")]) {
    const phrases = extractKeyPhrases(text, { max: 6, maxWords: 3 }).map((p) => tidyTopic(p.phrase));
    const phrase = phrases.find((p) => !taken.has(p) && p.includes(" ")) ?? (rated ? undefined : phrases.find((p) => !taken.has(p)));
    if (phrase) return phrase;
  }
  if (rated) return null;
  const words = contentWords(own.text).slice(0, 3).join(" ");
  return words && !taken.has(words) ? words : null;
}

/** "2 people", "a car": each label once, at the most seen together in one shot. */
function seenItems(units: readonly SummaryUnit[]): string[] {
  const most = new Map<string, number>();
  for (const u of units) for (const l of u.labels ?? []) most.set(l.label, Math.max(most.get(l.label) ?? 0, l.count));
  return [...most].map(([label, count]) => describeObjects(Array.from({ length: count }, () => ({ label }))));
}

/** A line of a key moment: `[mm:ss] text` (on-screen text quoted, labels as "Seen: …"). */
export function keyMomentLine(m: SummaryUnit): string {
  const text = m.source === "speech" ? clip(m.text, 160) : m.source === "on_screen" ? `On screen: “${clip(m.text, 120)}”` : m.source === "logo" ? `Logo: ${m.text}` : `Seen: ${m.text}`;
  return `[${formatClock(m.start)}] ${text}`;
}

/**
 * The summary of `units` (in time order) given their unit-length vectors (null: not embeddable).
 * Null when there is nothing to summarise.
 */
export function extractiveSummary(units: readonly SummaryUnit[], vectors: readonly (readonly number[] | null)[]): ExtractiveSummary | null {
  const usable = units.map((u, i) => ({ u, v: vectors[i] })).filter((x): x is { u: SummaryUnit; v: readonly number[] } => !!x.v);
  if (!usable.length) return null;
  const sim = usable.map((a) => usable.map((b) => cosine(a.v, b.v)));
  const score = centrality(sim);
  // Labels support what is said and written (they are in the graph) but are named in a sentence of their own.
  const eligible = usable.flatMap((x, i) => (x.u.source === "picture" ? [] : [i]));
  const picked = pickKeyMoments(sim, score, MAX_KEY_MOMENTS, eligible.length ? eligible : undefined);
  const keyMoments: KeyMoment[] = picked.map((i, k) => ({ ...item(usable, i).u, rank: k + 1 })).sort((a, b) => a.start - b.start);

  // Each unit belongs to the key moment it is most like; a moment's topic is its group's key phrase.
  const groups = new Map<number, SummaryUnit[]>(picked.map((i) => [i, []]));
  usable.forEach((_, i) => {
    const home = picked.reduce((best, j) => ((item(sim, i)[j] ?? 0) > (item(sim, i)[best] ?? 0) ? j : best), picked[0] ?? 0);
    groups.get(home)!.push(item(usable, i).u);
  });
  const taken = new Set<string>();
  const topics: { topic: string; start: number }[] = [];
  for (const i of [...picked].sort((a, b) => item(usable, a).u.start - item(usable, b).u.start)) {
    const u = item(usable, i).u;
    if (u.source === "picture") continue; // labels are named in their own sentence
    const topic = topicOf(u, groups.get(i)!.filter((g) => g.source !== "picture"), taken);
    if (!topic) continue;
    taken.add(topic);
    topics.push({ topic, start: u.start });
  }

  const sentences: string[] = [];
  if (topics.length) sentences.push(`It covers ${joinList(topics.map((t) => `${t.topic} (${formatClock(t.start)})`))}.`);
  const central = item(usable, picked[0] ?? 0).u;
  if (keyMoments.length > 1 || !topics.length) sentences.push(`The most central passage, at ${formatClock(central.start)}: ${quoteOf(central)}`);
  const onScreen = usable.filter((x) => x.u.source === "on_screen").slice(0, 4);
  if (onScreen.length) sentences.push(`On screen: ${joinList(onScreen.map((x) => `“${clip(x.u.text, 60)}” (${formatClock(x.u.start)})`))}.`);
  const objects = seenItems(usable.map((x) => x.u).filter((u) => u.source === "picture"));
  const logos = [...new Set(usable.filter((x) => x.u.source === "logo").map((x) => x.u.text))];
  const seen = [...objects, ...logos].slice(0, 4);
  if (seen.length && sentences.length < 4) sentences.push(`Seen in the picture: ${joinList(seen)}.`);
  return { overview: sentences.slice(0, 4).join(" "), topics, keyMoments };
}
