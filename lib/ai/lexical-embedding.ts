// The legacy offline embedding (before the sentence encoder): feature hashing of a text's words, word pairs and character trigrams
// into EMBEDDING_DIMENSIONS signed buckets, tf-log weighted, L2-normalised. It is lexical, not
// semantic: texts that share words (or word stems, through the trigrams) are close, synonyms are
// not. Deterministic, so stored vectors and later queries always agree. Still used to compare a
// query with vectors it made (until they are re-embedded) and as the last fallback.
import { EMBEDDING_DIMENSIONS } from "@/db/schema";
import { STOPWORDS, wordTokens } from "@/lib/core/stopwords";
import { item } from "@/lib/core/item";

export const LEXICAL_EMBEDDING_MODEL = "local-lexical-hash-v1";

const WEIGHT = { word: 1, pair: 0.6, trigram: 0.3 };

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The weighted features of a text (exported for tests and explanations). */
export function lexicalFeatures(text: string): Map<string, number> {
  const tokens = wordTokens(text);
  const content = tokens.filter((t) => !STOPWORDS.has(t));
  const words = content.length ? content : tokens;
  const counts = new Map<string, { n: number; w: number }>();
  const add = (key: string, w: number) => {
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { n: 1, w });
  };
  for (const t of words) {
    add(`w:${t}`, WEIGHT.word);
    const padded = `#${t}#`;
    if (padded.length > 4) for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, WEIGHT.trigram);
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (STOPWORDS.has(item(tokens, i)) && STOPWORDS.has(item(tokens, i + 1))) continue;
    add(`p:${tokens[i]} ${tokens[i + 1]}`, WEIGHT.pair);
  }
  const out = new Map<string, number>();
  for (const [k, { n, w }] of counts) out.set(k, (1 + Math.log(n)) * w);
  return out;
}

/** The text's vector, or null when it has no words at all. */
export function lexicalEmbedding(text: string, dims = EMBEDDING_DIMENSIONS): number[] | null {
  const features = lexicalFeatures(text);
  if (!features.size) return null;
  const v = new Float64Array(dims);
  for (const [key, w] of features) {
    const h = fnv1a(key);
    // The sign from an independent bit keeps collisions from adding up (expected dot product 0).
    v[h % dims] = (v[h % dims] ?? 0) + ((h & 0x80000000 ? -1 : 1) * w);
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (!norm) return null;
  return Array.from(v, (x) => Math.round((x / norm) * 1e6) / 1e6);
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) * (a[i] ?? 0);
    nb += (b[i] ?? 0) * (b[i] ?? 0);
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
