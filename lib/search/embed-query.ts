// A search text's vector, made by the model of the stored vectors it will be compared with; used
// by search and by chat's retrieval.
import { availableEmbeddingModels, currentEmbeddingModel, embedTexts, LOCAL_EMBEDDING_MODEL } from "@/lib/ai/embeddings";

/**
 * A search text's vector made by `model` — the `embedding_model` of the stored vectors it will be
 * compared with (default: the model new vectors are made with now). Null when that model is not
 * available any more (e.g. the key was removed) or the text has no words.
 */
export async function embedQuery(
  text: string,
  opts: { model?: string; signal?: AbortSignal; /** The text as it is, without embeddingText (bench/search/paraphrase.ts). */ raw?: boolean } = {},
): Promise<{ vector: number[]; model: string; /** The text's own vector, when it was embedded as another text. */ typed?: number[] } | null> {
  const model = opts.model ?? currentEmbeddingModel();
  if (!availableEmbeddingModels().includes(model)) return null;
  // Measured on the offline sentence encoder only (bench/search/paraphrase.ts): other models get the text as it is.
  const as = opts.raw || model !== LOCAL_EMBEDDING_MODEL ? text : embeddingText(text);
  // Both when they differ: the same text must still score 1 against itself.
  const { vectors } = await embedTexts(as === text ? [text] : [as, text], { model, signal: opts.signal });
  if (!vectors[0]) return null;
  return { vector: vectors[0], model, ...(as !== text && vectors[1] ? { typed: vectors[1] } : {}) };
}

/**
 * The text a query is embedded as: a few words without an end get a full stop, read as a sentence
 * like the segments it is compared with (bench/search/paraphrase.ts: "railway trip." is nearer to
 * "We boarded the overnight express…" than "railway trip").
 */
export function embeddingText(text: string): string {
  const t = text.trim();
  return /[.!?…:;]$/.test(t) || !/\p{L}/u.test(t) ? t : `${t}.`;
}
