// A search text's vector, made by the model of the stored vectors it will be compared with; used
// by search and by chat's retrieval.
import { availableEmbeddingModels, currentEmbeddingModel, embedTexts } from "@/lib/ai/embeddings";

/**
 * A search text's vector made by `model` — the `embedding_model` of the stored vectors it will be
 * compared with (default: the model new vectors are made with now). Null when that model is not
 * available any more (e.g. the key was removed) or the text has no words.
 */
export async function embedQuery(
  text: string,
  opts: { model?: string; signal?: AbortSignal } = {},
): Promise<{ vector: number[]; model: string } | null> {
  const model = opts.model ?? currentEmbeddingModel();
  if (!availableEmbeddingModels().includes(model)) return null;
  const { vectors } = await embedTexts([text], { model, signal: opts.signal });
  return vectors[0] ? { vector: vectors[0], model } : null;
}
