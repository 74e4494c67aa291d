// The pipeline's "embed" step: every segment of the job that has no vector yet gets one, with
// the model recorded beside it, so search compares only vectors of one model. `embedQuery`
// embeds a search text with the same model as the stored vectors it will be compared with.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { segments } from "@/db/schema";
import { currentEmbeddingModel, embedTexts, embedTextsLocally, type EmbeddedTexts } from "@/lib/ai/embeddings";
import { LOCAL_EMBEDDING_MODEL } from "@/lib/ai/local-embedding";
import { getModelClient } from "@/lib/ai/provider";

const WRITE_BATCH = 100;

export interface EmbedStepResult {
  embedded: number;
  model: string | null;
  /** Set when the configured model failed and the local embedding was used instead. */
  fallback?: string;
}

export async function embedJobSegments(
  db: Db,
  params: { userId: string; jobId: string; signal?: AbortSignal },
): Promise<EmbedStepResult> {
  const rows = await db
    .select({ id: segments.id, content: segments.content })
    .from(segments)
    .where(and(eq(segments.jobId, params.jobId), eq(segments.userId, params.userId), isNull(segments.embedding)))
    .orderBy(asc(segments.startTime), asc(segments.id));
  if (!rows.length) return { embedded: 0, model: null };

  const texts = rows.map((r) => r.content);
  let result: EmbeddedTexts;
  let fallback: string | undefined;
  try {
    result = await embedTexts(texts, { signal: params.signal });
  } catch (err) {
    if (params.signal?.aborted) throw err;
    // A model outage should not fail a finished analysis: the segments stay searchable
    // lexically, and their embedding_model says so.
    fallback = `${currentEmbeddingModel()} failed: ${(err as Error).message}`;
    console.warn(`[embed] job ${params.jobId}: ${fallback}; using ${LOCAL_EMBEDDING_MODEL}`);
    result = embedTextsLocally(texts);
  }

  const pairs = rows.flatMap((r, i) => (result.vectors[i] ? [{ id: r.id, vector: result.vectors[i]! }] : []));
  for (let b = 0; b < pairs.length; b += WRITE_BATCH) {
    const values = sql.join(
      pairs.slice(b, b + WRITE_BATCH).map((p) => sql`(${p.id}::uuid, ${`[${p.vector.join(",")}]`}::vector)`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE ${segments} SET embedding = v.e, embedding_model = ${result.model}
      FROM (VALUES ${values}) AS v(id, e)
      WHERE ${segments.id} = v.id AND ${segments.userId} = ${params.userId}`);
  }
  return { embedded: pairs.length, model: result.model, ...(fallback ? { fallback } : {}) };
}

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
  if (model !== LOCAL_EMBEDDING_MODEL && getModelClient("embedding")?.model !== model) return null;
  const { vectors } = await embedTexts([text], { model, signal: opts.signal });
  return vectors[0] ? { vector: vectors[0], model } : null;
}
