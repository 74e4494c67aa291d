// English function words: RAKE splits phrases at them and the lexical embedding gives them no
// weight of their own (they still count inside word pairs).
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are aren't as at be because been before being below " +
    "between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each " +
    "even ever few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll he's her " +
    "here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its " +
    "itself just let's like me more most much must mustn't my myself no nor not now of off oh ok okay on once only or " +
    "other ought our ours ourselves out over own really same shan't she she'd she'll she's should shouldn't so some " +
    "such than that that's the their theirs them themselves then there there's these they they'd they'll they're " +
    "they've this those though through to too under until up upon us very was wasn't we we'd we'll we're we've were " +
    "weren't what what's when when's where where's whether which while who who's whom why why's will with won't " +
    "would wouldn't yeah yes yet you you'd you'll you're you've your yours yourself yourselves um uh"
  ).split(" "),
);

/** Lower-cased word tokens (letters, digits, inner apostrophes), accents folded. */
export function wordTokens(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'");
  return folded.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? [];
}
