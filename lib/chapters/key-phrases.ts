// Offline chapter titles: the most distinctive key phrase of what is said and shown in a chapter.
// Phrases are up to 4 consecutive content words (RAKE-like: split at stopwords and punctuation);
// a word weighs its count in the chapter times how rare it is across the chapters (tf·idf),
// on-screen text counting 1.5×; a phrase weighs the mean of its words, more when longer and when
// it recurs. No title is invented: a chapter without words says so with its time range.
import { formatClock } from "@/lib/core/clock";
import type { PlannedChapter } from "./plan-chapters";
import { item } from "@/lib/core/item";

const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are aren't as at be because been before being below between both but by can can't " +
    "cannot could couldn't did didn't do does doesn't doing don't down during each few for from further get gets got had hadn't has hasn't have haven't " +
    "having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just " +
    "let's like me more most mustn't my myself no nor not now of off on once only or other ought our ours ourselves out over own same shan't she she'd " +
    "she'll she's should shouldn't so some such than that that's the their theirs them themselves then there there's these they they'd they'll they're " +
    "they've this those through to too under until up upon us very was wasn't we we'd we'll we're we've were weren't what what's when when's where " +
    "where's which while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves " +
    // speech fillers and words that carry no topic
    "um uh uhm er ah oh okay ok yeah yes yep hey hi hello well really actually basically literally gonna wanna gotta kind sort thing things stuff " +
    "lot lots going go goes went come comes came know knew think thought say says said see saw look looks want wants need needs make makes made " +
    "take takes one two way right good great little much many back still even maybe something anything everything someone today now let's let " +
    // modal and degree words, quantifiers, numbers: never a topic
    "might must shall may rather quite often always never ever already almost perhaps every enough half whole several another " +
    "three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million " +
    // common verbs (their forms do not mark regularly)
    "took brought taught told found gave given kept left felt became become began held stood ran sat put set met paid sent spent built lost won " +
    "wrote spoke broke chose drove ate fell grew threw flew lets helps help keep keeps give gives tell tells find finds try tries use uses call calls " +
    "turn turns start starts seem seems become becomes bring brings leave leaves hold holds struck caught bought sold shot hit led rose drew slept woke sang " +
    // prepositions and place words beyond the short ones above
    "across past along around behind beyond toward towards within without among near inside outside onto via per somewhere anywhere everywhere nowhere"
  ).split(/\s+/),
);

/** Words that end like a regular past tense or an adverb but name things. */
const NOT_VERB_OR_ADVERB = new Set("hundred sacred wicked naked kindred family supply assembly belly rally jelly italy july holly lily reply ally bully fly".split(" "));

/** A regular past tense ("worked", "warned") or an -ly adverb ("slowly"): not a topic word. */
const verbOrAdverb = (w: string) =>
  !NOT_VERB_OR_ADVERB.has(w) && w.length >= 5 && ((w.endsWith("ed") && !w.endsWith("eed")) || w.endsWith("ly"));

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu;
const CLAUSE = /[.,;:!?…"“”()[\]{}\n|/·–—]+/;
const MAX_WORDS = 4;
const SCREEN_WEIGHT = 1.5;
const TITLE_MAX_CHARS = 80;
const SUMMARY_MAX_CHARS = 200;

interface Phrase {
  key: string;
  words: string[];
  form: string;
}

const normalize = (w: string) => w.toLowerCase().replace(/’/g, "'").replace(/^'+|'+$/g, "");
const isContentWord = (w: string) => !STOPWORDS.has(w) && !verbOrAdverb(w) && (w.length >= 3 || /\d/.test(w)) && !/^\d{1,2}$/.test(w);
/** An on-screen line this short (in words) may be a title as shown. */
const SCREEN_TITLE_WORDS = 8;
/** How much a whole on-screen line is preferred to a phrase cut from it. */
const AS_SHOWN = 1.3;

interface Token {
  key: string;
  form: string;
}

/** Runs of content words in a text (split at stopwords and punctuation), with the forms as written. */
export function runsOf(text: string): Token[][] {
  const out: Token[][] = [];
  for (const clause of text.split(CLAUSE)) {
    let run: Token[] = [];
    for (const m of clause.matchAll(WORD)) {
      const key = normalize(m[0]);
      if (isContentWord(key)) run.push({ key, form: m[0] });
      else if (run.length) {
        out.push(run);
        run = [];
      }
    }
    if (run.length) out.push(run);
  }
  return out;
}

/** Every phrase of one to MAX_WORDS consecutive words of a run. */
function phrasesOfRun(run: readonly Token[]): Phrase[] {
  const out: Phrase[] = [];
  for (let i = 0; i < run.length; i++) {
    for (let n = 1; n <= MAX_WORDS && i + n <= run.length; n++) {
      const part = run.slice(i, i + n);
      out.push({ key: part.map((p) => p.key).join(" "), words: part.map((p) => p.key), form: part.map((p) => p.form).join(" ") });
    }
  }
  return out;
}

interface ChapterWords {
  phrases: { phrase: Phrase; weight: number }[];
  tf: Map<string, number>;
}

function wordsOf(c: PlannedChapter): ChapterWords {
  const phrases: ChapterWords["phrases"] = [];
  const tf = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const run of runsOf(text)) {
      for (const t of run) tf.set(t.key, (tf.get(t.key) ?? 0) + weight);
      for (const phrase of phrasesOfRun(run)) phrases.push({ phrase, weight });
    }
  };
  for (const line of c.speech) add(line, 1);
  for (const line of c.screen) {
    add(line, SCREEN_WEIGHT);
    // The whole line as shown (a slide's title), stopwords and all.
    const words = runsOf(line).flat();
    const count = line.trim().split(/\s+/).length;
    if (words.length && count >= 2 && count <= SCREEN_TITLE_WORDS) {
      phrases.push({ phrase: { key: `line:${line.toLowerCase()}`, words: words.map((w) => w.key), form: line.trim() }, weight: SCREEN_WEIGHT * AS_SHOWN });
    }
  }
  return { phrases, tf };
}

/**
 * Each chapter's phrases, best first. A phrase scores the mean tf·idf of its words, a little more
 * per extra word (so a phrase of distinctive words beats one padded with common ones), and more
 * when it recurs in the chapter.
 */
export function rankedPhrases(chapters: readonly PlannedChapter[]): string[][] {
  const all = chapters.map(wordsOf);
  const df = new Map<string, number>();
  for (const c of all) for (const w of c.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const n = chapters.length;
  return all.map((c) => {
    const score = (w: string) => (c.tf.get(w) ?? 0) * Math.log(1 + n / (df.get(w) ?? 1));
    const best = new Map<string, { form: string; score: number; count: number }>();
    for (const { phrase, weight } of c.phrases) {
      const mean = phrase.words.reduce((sum, w) => sum + score(w), 0) / phrase.words.length;
      const base = mean * (1 + 0.25 * (phrase.words.length - 1)) * (weight > 1 ? weight : 1);
      const prev = best.get(phrase.key);
      if (prev) {
        prev.count++;
        prev.score = Math.max(prev.score, base);
      } else best.set(phrase.key, { form: phrase.form, score: base, count: 1 });
    }
    return [...best.entries()]
      .map(([key, v]) => ({ key, form: v.form, score: v.score * (1 + 0.5 * (v.count - 1)) }))
      .sort((a, b) => b.score - a.score || b.key.length - a.key.length || a.key.localeCompare(b.key))
      .map((p) => p.form);
  });
}

/** Transcript lines as running text: a line without closing punctuation gets a full stop. */
const sentences = (lines: readonly string[]) => lines.map((l) => (/[.!?…]["”’)]?$/.test(l) ? l : `${l}.`)).join(" ");

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function clipText(s: string, max: number): string {
  const t = s.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** "00:00–01:12": the chapter's time range. */
export function timeRange(start: number, end: number): string {
  return `${formatClock(start)}–${formatClock(end)}`;
}

export interface OfflineTitle {
  title: string;
  summary: string | null;
}

/** Titles and summaries from the chapters' own words; no two chapters get the same title when another phrase is there. */
export function offlineTitles(chapters: readonly PlannedChapter[]): OfflineTitle[] {
  const ranked = rankedPhrases(chapters);
  const used = new Set<string>();
  return chapters.map((c, i) => {
    const phrases = item(ranked, i);
    const summary =
      c.speech.length ? clipText(sentences(c.speech), SUMMARY_MAX_CHARS)
      : c.screen.length ? `On screen: ${clipText(c.screen.join(" / "), SUMMARY_MAX_CHARS - 11)}`
      : null;
    if (!phrases.length) {
      const words = [...c.speech, ...c.screen].join(" ").trim();
      const title = words
        ? `${timeRange(c.start, c.end)}: “${clipText(words, 40)}”`
        : `${timeRange(c.start, c.end)} (no speech or text)`;
      return { title, summary };
    }
    const fresh = phrases.filter((p) => !used.has(p.toLowerCase()));
    const first = fresh[0] ?? item(phrases, 0);
    used.add(first.toLowerCase());
    let title = capitalize(first);
    // A single word says little: the best longer phrase said or shown with it, else the next phrase that shares none of its words.
    if (!first.includes(" ")) {
      const key = first.toLowerCase();
      const longer = fresh.find((p) => p.includes(" ") && p.toLowerCase().split(" ").includes(key));
      const second = fresh.find((p) => p !== first && !p.toLowerCase().split(" ").includes(key));
      if (longer) {
        used.add(longer.toLowerCase());
        title = capitalize(longer);
      } else if (second) title = `${title} · ${second}`;
    }
    return { title: clipText(title, TITLE_MAX_CHARS), summary };
  });
}
