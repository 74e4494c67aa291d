// Text embeddings in EMBEDDING_DIMENSIONS: the configured OpenAI-compatible model (asked for that
// many `dimensions`), else the local lexical hash. Every vector travels with the name of the
// model that made it; vectors of different models are never compared.
import { EMBEDDING_DIMENSIONS } from "@/db/schema";
import { getModelClient } from "./provider";
import { LOCAL_EMBEDDING_MODEL, localEmbedding } from "./local-embedding";

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

/** The models a query can be embedded with now: the configured one and the local one. */
export function availableEmbeddingModels(): string[] {
  const model = getModelClient("embedding")?.model;
  return model && model !== LOCAL_EMBEDDING_MODEL ? [model, LOCAL_EMBEDDING_MODEL] : [LOCAL_EMBEDDING_MODEL];
}

export function embeddingInput(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > EMBED_TEXT_MAX_CHARS ? t.slice(0, EMBED_TEXT_MAX_CHARS) : t;
}

export function embedTextsLocally(texts: readonly string[]): EmbeddedTexts {
  return { vectors: texts.map((t) => localEmbedding(embeddingInput(t))), model: LOCAL_EMBEDDING_MODEL };
}

/** Embeds with `model` (default: the current one); throws when that model is not available. */
export async function embedTexts(
  texts: readonly string[],
  opts: { model?: string; signal?: AbortSignal } = {},
): Promise<EmbeddedTexts> {
  const remote = getModelClient("embedding");
  const model = opts.model ?? remote?.model ?? LOCAL_EMBEDDING_MODEL;
  if (model === LOCAL_EMBEDDING_MODEL) return embedTextsLocally(texts);
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
