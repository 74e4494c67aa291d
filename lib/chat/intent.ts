// What kind of question an offline answer is for, read from its words (no model): an overview of
// the video (what it is, how long, how many shots or scenes, which text), or a visual event
// (dark or bright stretches, fades, motion) — for which the question is also searched in the
// words the visual modules write ("dark", "fades out", "high motion"), since a viewer's words
// ("when does the screen go dark?") rarely match them.
import { STOPWORDS, wordTokens } from "@/lib/analysis/text/stopwords";

export interface OverviewAsk {
  /** "what is it / what happens / summary" */
  summary: boolean;
  duration: boolean;
  shots: boolean;
  scenes: boolean;
  /** on-screen text, key phrases */
  text: boolean;
}

const SUMMARY = /\b(what(?:'s| is| was)? (?:this|the|it|these|those)\b.*\babout|what happens|what (?:is|was) (?:shown|going on)|what do(?:es)? (?:the|this|these) videos? (?:show|contain|cover)|summar(?:y|ise|ize)|overview|gist|describe (?:the|this|these) videos?|tell me about (?:the|this|these) videos?)\b/i;
const DURATION = /\b(how long|duration|length of|runtime|run time)\b/i;
const SHOTS = /\bhow many (?:shots|cuts|takes)\b|\bnumber of (?:shots|cuts)\b/i;
const SCENES = /\bhow many scenes\b|\bnumber of scenes\b/i;
const TEXT = /\b(key (?:text|words|phrases)|on-?screen text|what (?:text|words) (?:is|are) (?:shown|written|on screen)|titles? (?:shown|on screen))\b/i;

/** The overview parts a question asks for, or null when it is not an overview question. */
export function overviewAsk(question: string): OverviewAsk | null {
  const ask: OverviewAsk = {
    summary: SUMMARY.test(question),
    duration: DURATION.test(question),
    shots: SHOTS.test(question),
    scenes: SCENES.test(question),
    text: TEXT.test(question),
  };
  return Object.values(ask).some(Boolean) ? ask : null;
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

/** Modules whose segments describe the picture. */
export const VISUAL_MODULES = ["shots", "visualelements"] as const;

/** Words of a question about a video that say nothing about what is asked for. */
const QUESTION_WORDS = new Set(
  "video videos clip film footage show shows shown showing see seen saw watch watching appear appears appeared happen happens happened moment moments time times exactly please tell find anything something mention mentioned mentions said say says talk talks talked part where when screen go goes get gets".split(" "),
);

/** The question's content words (for full-text matching): no stopwords, no question words. */
export function questionKeywords(question: string): string {
  return [...new Set(wordTokens(question).filter((w) => !STOPWORDS.has(w) && !QUESTION_WORDS.has(w)))].join(" ");
}
