// The pipeline's "embed" step: every segment of the job that has no vector yet gets one, with
// the model recorded beside it, so search compares only vectors of one model (a search text is
// embedded by lib/search/embed-query.ts with the model of the vectors it is compared with).
import type { Db } from "@/db/client";
import { segmentsWithoutVector, writeSegmentVectors } from "@/db/queries/embeddings";
import {
  currentEmbeddingModel,
  embedTexts,
  embedTextsLexically,
  embedTextsLocally,
  LEXICAL_EMBEDDING_MODEL,
  LOCAL_EMBEDDING_MODEL,
  type EmbeddedTexts,
} from "@/lib/ai/embeddings";
import { logger } from "@/lib/log/logger";

const log = logger("embed");

export interface EmbedStepResult {
  embedded: number;
  model: string | null;
  /** Set when the configured model failed and a local embedding was used instead. */
  fallback?: string;
}

/**
 * The current model's vectors; when it fails, the offline sentence encoder's, and when that fails
 * too, the lexical hash's — a model outage should not fail a finished analysis, and each vector's
 * embedding_model says what made it (the background re-embedding replaces them later).
 */
export async function embedWithFallback(texts: readonly string[], signal?: AbortSignal): Promise<{ result: EmbeddedTexts; fallback?: string }> {
  const model = currentEmbeddingModel();
  try {
    return { result: await embedTexts(texts, { model, signal }) };
  } catch (err) {
    if (signal?.aborted) throw err;
    const fallback = `${model} failed: ${(err as Error).message}`;
    if (model !== LOCAL_EMBEDDING_MODEL) {
      try {
        log.warn(`${fallback}; using ${LOCAL_EMBEDDING_MODEL}`);
        return { result: await embedTextsLocally(texts, signal), fallback };
      } catch (err2) {
        if (signal?.aborted) throw err2;
      }
    }
    log.warn(`${fallback}; using ${LEXICAL_EMBEDDING_MODEL}`);
    return { result: embedTextsLexically(texts), fallback };
  }
}

export async function embedJobSegments(
  db: Db,
  params: { userId: string; jobId: string; signal?: AbortSignal },
): Promise<EmbedStepResult> {
  const rows = await segmentsWithoutVector(db, params);
  if (!rows.length) return { embedded: 0, model: null };
  const { result, fallback } = await embedWithFallback(rows.map((r) => r.content), params.signal);
  const vectors = rows.flatMap((r, i) => (result.vectors[i] ? [{ id: r.id, vector: result.vectors[i]! }] : []));
  const embedded = await writeSegmentVectors(db, { userId: params.userId, model: result.model, vectors });
  return { embedded, model: result.model, ...(fallback ? { fallback } : {}) };
}
