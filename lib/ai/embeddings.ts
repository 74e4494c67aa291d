// Text embeddings in EMBEDDING_DIMENSIONS: the configured OpenAI-compatible model (asked for that
// many `dimensions`), else the offline sentence encoder (Universal Sentence Encoder Lite, in the
// TF.js models' process). Every vector travels with the name of the model that made it; vectors of
// different models are never compared. The legacy lexical hash can still embed queries for the
// vectors it made until they are re-embedded (lib/search/reembed.ts).
import { EMBEDDING_DIMENSIONS } from "@/db/schema";
import { getModelClient } from "./provider";
import { LEXICAL_EMBEDDING_MODEL, lexicalEmbedding } from "./lexical-embedding";
import { SENTENCE_ENCODER_MODEL, encodeSentences } from "./sentence-encoder";
import { item } from "@/lib/core/item";

/** The offline model new vectors are made with when no embedding model is configured. */
export const LOCAL_EMBEDDING_MODEL = SENTENCE_ENCODER_MODEL;
export { LEXICAL_EMBEDDING_MODEL };

/** Longest text embedded; longer content is embedded by its beginning. */
export const EMBED_TEXT_MAX_CHARS = 6000;
const BATCH = 128;

export interface EmbeddedTexts {
  /** One per input; null for a text with nothing to embed (no words). */
  vectors: (number[] | null)[];
  model: string;
}

/** The model new vectors are made with now. */
export function currentEmbeddingModel(): string {
  return getModelClient("embedding")?.model ?? LOCAL_EMBEDDING_MODEL;
}

/** The models a query can be embedded with now: the configured one and the local ones. */
export function availableEmbeddingModels(): string[] {
  const model = getModelClient("embedding")?.model;
  return [...new Set([...(model ? [model] : []), LOCAL_EMBEDDING_MODEL, LEXICAL_EMBEDDING_MODEL])];
}

export function embeddingInput(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > EMBED_TEXT_MAX_CHARS ? t.slice(0, EMBED_TEXT_MAX_CHARS) : t;
}

const hasWords = (t: string) => /[\p{L}\p{N}]/u.test(t);

export function embedTextsLexically(texts: readonly string[]): EmbeddedTexts {
  return { vectors: texts.map((t) => lexicalEmbedding(embeddingInput(t))), model: LEXICAL_EMBEDDING_MODEL };
}

/** The offline sentence encoder; texts without letters or digits get null. */
export async function embedTextsLocally(texts: readonly string[], signal?: AbortSignal): Promise<EmbeddedTexts> {
  const inputs = texts.map(embeddingInput);
  const todo = inputs.map((t, i) => ({ t, i })).filter((x) => hasWords(x.t));
  const vectors: (number[] | null)[] = inputs.map(() => null);
  const encoded = todo.length ? await encodeSentences(todo.map((x) => x.t), signal) : [];
  todo.forEach((x, k) => (vectors[x.i] = item(encoded, k)));
  return { vectors, model: LOCAL_EMBEDDING_MODEL };
}

/** Embeds with `model` (default: the current one); throws when that model is not available. */
export async function embedTexts(
  texts: readonly string[],
  opts: { model?: string; signal?: AbortSignal } = {},
): Promise<EmbeddedTexts> {
  const remote = getModelClient("embedding");
  const model = opts.model ?? remote?.model ?? LOCAL_EMBEDDING_MODEL;
  if (model === LEXICAL_EMBEDDING_MODEL) return embedTextsLexically(texts);
  if (model === LOCAL_EMBEDDING_MODEL) return embedTextsLocally(texts, opts.signal);
  if (!remote || remote.model !== model) throw new Error(`The embedding model ${model} is not configured`);
  const inputs = texts.map(embeddingInput);
  const vectors: (number[] | null)[] = inputs.map(() => null);
  const todo = inputs.map((t, i) => ({ t, i })).filter((x) => x.t.length > 0); // the API rejects empty strings
  for (let b = 0; b < todo.length; b += BATCH) {
    const batch = todo.slice(b, b + BATCH);
    const res = await remote.client.embeddings.create(
      { model, input: batch.map((x) => x.t), dimensions: EMBEDDING_DIMENSIONS },
      { signal: opts.signal },
    );
    for (const d of res.data) {
      const target = batch[d.index];
      if (!target) throw new Error(`The embedding model ${model} answered an index that was not asked for`);
      if (d.embedding.length !== EMBEDDING_DIMENSIONS) {
        throw new Error(`The embedding model ${model} returned ${d.embedding.length} dimensions, not ${EMBEDDING_DIMENSIONS}`);
      }
      vectors[target.i] = d.embedding;
    }
  }
  return { vectors, model };
}
