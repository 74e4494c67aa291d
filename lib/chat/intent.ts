// What kind of question an offline answer is for, read from its words (no model): an overview of
// the video (what it is about, its topics, how long, how many shots or scenes, which text), the
// form asked for ("three bullet points", "list …"), a "when is …" question, or a visual event
// (dark or bright stretches, fades, motion) — for which the question is also searched in the
// words the visual modules write ("dark", "fades out", "high motion"), since a viewer's words
// ("when does the screen go dark?") rarely match them.
import { STOPWORDS, wordTokens } from "@/lib/core/stopwords";
import { item } from "@/lib/core/item";

export interface OverviewAsk {
  /** "what is it / what happens / summary" */
  summary: boolean;
  duration: boolean;
  shots: boolean;
  scenes: boolean;
  /** on-screen text, key phrases */
  text: boolean;
  /** "list the topics", "what subjects does it cover" */
  topics: boolean;
}

/** The form an answer was asked in: "three bullet points" → 3 items; "list …" → a list. */
export interface AnswerForm {
  /** Exactly this many items, or null when no number was asked for. */
  count: number | null;
  /** A list was asked for (a number of items implies one). */
  list: boolean;
}

const SUMMARY = /\b(what(?:'s| is| was)? (?:this|the|it|these|those)\b.*\babout|what happens|what (?:is|was) (?:shown|going on)|what do(?:es)? (?:the|this|these) videos? (?:show|contain|cover)|summar(?:y|ise|ize)|overview|gist|describe (?:the|this|these) videos?|tell me about (?:the|this|these) videos?)\b/i;
const DURATION = /\b(how long|duration|length of|runtime|run time)\b/i;
const SHOTS = /\bhow many (?:shots|cuts|takes)\b|\bnumber of (?:shots|cuts)\b/i;
const SCENES = /\bhow many scenes\b|\bnumber of scenes\b/i;
const TOPICS = /\b(topics?|subjects?|themes?|main (?:points|ideas)|what (?:is|are|gets|get) (?:discussed|covered|talked about|mentioned))\b/i;
const TEXT = /\b(key (?:text|words|phrases)|on-?screen text|what (?:text|words) (?:is|are) (?:shown|written|on screen)|titles? (?:shown|on screen))\b/i;

/** The overview parts a question asks for, or null when it is not an overview question. */
export function overviewAsk(question: string): OverviewAsk | null {
  const ask: OverviewAsk = {
    summary: SUMMARY.test(question),
    duration: DURATION.test(question),
    shots: SHOTS.test(question),
    scenes: SCENES.test(question),
    text: TEXT.test(question),
    topics: TOPICS.test(question),
  };
  return Object.values(ask).some(Boolean) ? ask : null;
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const COUNTED = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:short|brief|key|main|important|quick|simple|bullet(?:ed)?)\s+)*(bullets?(?:\s*points?)?|points?|items?|things|lines|moments|topics|subjects|themes|takeaways|highlights)\b/i;
const LIST = /\b(list|bullets?|bullet points?|bulleted|enumerate|itemi[sz]e|points)\b/i;

/** The form the question asks the answer in. */
export function answerForm(question: string): AnswerForm {
  const m = COUNTED.exec(question);
  const count = m ? (NUMBER_WORDS[m[1]!.toLowerCase()] ?? Number(m[1])) : null;
  return { count: count && count > 0 ? count : null, list: !!count || LIST.test(question) };
}

/** "When is …", "at what time …": a question for the time of something. */
export function asksWhen(question: string): boolean {
  return /^\s*(?:and\s+|so\s+)?(when\b|at what (?:time|point|moment)\b|what time\b|at which (?:time|point|moment)\b|where in the video\b|how far (?:in|into)\b)/i.test(question);
}

/** Viewer words → the words shots and visualelements segments use for the same thing. */
const VISUAL_VOCABULARY: [RegExp, string][] = [
  [/\b(dark|darker|darkness|black|blackout|night|dim|unlit|goes? out)\b/i, "dark black"],
  [/\b(bright|brighter|light|white|flash|glare|sunny)\b/i, "bright white"],
  [/\b(fade|fades|fading|faded)\b/i, "fade in fade out fades out dissolve"],
  [/\b(motion|moving|moves|move|movement|action|fast|busy|shaky|pan|panning)\b/i, "high motion moderate motion"],
  [/\b(still|static|calm|quiet|motionless|steady)\b/i, "static low motion"],
  [/\b(cut|cuts|transition|transitions|dissolve|wipe)\b/i, "cut in dissolve in wipe in fade in"],
  [/\b(colou?r|colou?rs|colou?rful)\b/i, "mostly red orange yellow green blue purple pink brown"],
];

/** The visual modules' words for what the question asks about, or null when it asks about none. */
export function visualQuery(question: string): string | null {
  const words = VISUAL_VOCABULARY.filter(([re]) => re.test(question)).map(([, w]) => w);
  return words.length ? [...new Set(words.join(" ").split(" "))].join(" ") : null;
}

/**
 * Words of a question about a video that say nothing about what is asked for: its frame ("when
 * does someone mention", "when do they talk about") and the form asked for ("give me three
 * bullet points").
 */
const QUESTION_WORDS = new Set(
  ("video videos clip film footage show shows shown showing see seen saw watch watching appear appears appeared happen happens happened " +
    "moment moments time times exactly please tell find anything something someone somebody anyone anybody people person " +
    "mention mentioned mentions mentioning said say says saying talk talks talked talking speak speaks spoke speaking discuss discusses discussed " +
    "bring brings brought refer refers referred part where when screen go goes get gets").split(" "),
);
const FORM_WORDS = new Set(
  "give list bullet bullets bulleted point points item items line lines enumerate itemise itemize one two three four five six seven eight nine ten short brief key main quick simple instead form again".split(" "),
);

/** The question's content words (for full-text matching): no stopwords, no question words, no form words. */
export function questionKeywords(question: string): string {
  return [...new Set(wordTokens(question).filter((w) => !STOPWORDS.has(w) && !QUESTION_WORDS.has(w) && !FORM_WORDS.has(w) && !/^\d+$/.test(w)))].join(" ");
}

/**
 * What the question is about, with its frame taken off: "When does someone mention a train?" →
 * "train"; the whole question when nothing is left. This is what is searched (words and meaning),
 * as the search page would search it.
 */
export function questionTopic(question: string): string {
  if (!questionKeywords(question)) return question.trim();
  // The content words with the articles before them ("the weather"): the sentence encoder reads a
  // noun phrase better than a bare word.
  const kept = wordTokens(question).filter((w) => ARTICLES.has(w) || (!STOPWORDS.has(w) && !QUESTION_WORDS.has(w) && !FORM_WORDS.has(w) && !/^\d+$/.test(w)));
  while (kept.length && ARTICLES.has(item(kept, kept.length - 1))) kept.pop();
  return kept.join(" ");
}
const ARTICLES = new Set(["a", "an", "the"]);

/**
 * A follow-up that asks only for a form ("Give me three bullet points", "as a list") and names
 * nothing: it applies to the question asked before it.
 */
export function asksOnlyForm(question: string): boolean {
  const form = answerForm(question);
  return (form.list || form.count !== null) && !questionKeywords(question) && !overviewAsk(question) && !asksWho(question);
}

/** "Who is in this video?", "which people appear?": a question for the people found. */
export function asksWho(question: string): boolean {
  return /^\s*(?:and\s+|so\s+)?who (?:is|are|was|were|appears?|appeared|can (?:we|i|you) see|do (?:we|i|you) see|is seen|are seen|is shown|are shown|is there|features?)\b|\b(?:which|what|how many) (?:people|persons|faces)\b/i.test(question);
}
