// The segments an answer is built from.
//   vector:      the question is embedded with the model of the video's stored vectors and the
//                nearest segments are taken (exactly: one video is small);
//   brute_force: every segment of the video, compressed (context.ts).
// When the video's vectors were made by a model that is not available any more, the nearest
// segments are found with the local lexical embedding computed on the fly instead.
import type { Db } from "@/db/client";
import { embeddingModelsOf, nearestExact, type Candidate } from "@/db/queries/search";
import { listSegments } from "@/db/queries/segments";
import type { Video } from "@/db/schema";
import { availableEmbeddingModels } from "@/lib/ai/embeddings";
import { cosineSimilarity, localEmbedding } from "@/lib/ai/local-embedding";
import { embedQuery } from "@/lib/pipeline/embed-step";
import type { ChatMode } from "@/lib/schemas/chat";
import { compressSegments, contextLine, toEntry, type ContextEntry, type SegmentLike } from "./context";

/** Segments given to the model in vector mode. */
export const VECTOR_TOP_K = 20;
/** A nearest segment's text is cut here (a reasoning summary can be long). */
const MAX_VECTOR_LINE_CHARS = 2000;

export interface Retrieved {
  mode: ChatMode;
  /** Lines for the model, in time order. */
  entries: ContextEntry[];
  lines: string[];
  segmentIds: string[];
  /** Segments the video has (in the modules asked for). */
  totalSegments: number;
  /** How the context was made, for the model and the message metadata. */
  description: string;
}

/** Similarity of each text to the question by the local lexical embedding (0 when either has no words). */
export function lexicalSimilarities(question: string, texts: readonly string[]): number[] {
  const q = localEmbedding(question);
  return texts.map((t) => {
    const v = q ? localEmbedding(t) : null;
    return q && v ? cosineSimilarity(q, v) : 0;
  });
}

function byTime(a: ContextEntry, b: ContextEntry) {
  return a.start - b.start || a.module.localeCompare(b.module);
}

async function nearestByVectors(
  db: Db,
  params: { userId: string; jobId: string; question: string; modules?: readonly string[]; signal?: AbortSignal },
): Promise<Candidate[] | null> {
  const stored = await embeddingModelsOf(db, params);
  const available = new Set(availableEmbeddingModels());
  if (!stored.length || stored.some((s) => !available.has(s.model))) return null;
  const found: Candidate[] = [];
  for (const { model } of stored) {
    let query: Awaited<ReturnType<typeof embedQuery>>;
    try {
      query = await embedQuery(params.question, { model, signal: params.signal });
    } catch (err) {
      if (params.signal?.aborted) throw err;
      console.warn(`[chat] the embedding model ${model} failed (${(err as Error).message}); ranking lexically`);
      return null;
    }
    if (!query) continue; // a question without words: nothing to compare
    const scope = { userId: params.userId, model, jobIds: [params.jobId], modules: params.modules };
    found.push(...(await nearestExact(db, { scope, vector: query.vector, k: VECTOR_TOP_K })));
  }
  return found.sort((a, b) => b.similarity - a.similarity).slice(0, VECTOR_TOP_K);
}

export async function retrieveContext(
  db: Db,
  params: { userId: string; video: Video; question: string; modules?: readonly string[]; mode: ChatMode; signal?: AbortSignal },
): Promise<Retrieved> {
  const modules = params.modules?.length ? params.modules : undefined;
  const jobId = params.video.jobId;
  const rows = await listSegments(db, { userId: params.userId, jobId, modules });
  const all: SegmentLike[] = rows.map((r) => ({ id: r.id, module: r.module, content: r.content, startTime: r.startTime, endTime: r.endTime }));

  if (params.mode === "brute_force") {
    const c = compressSegments(all);
    const sims = lexicalSimilarities(params.question, c.entries.map((e) => e.content));
    const entries = c.entries.map((e, i) => ({ ...e, similarity: sims[i] }));
    const cut = Number.isFinite(c.maxContent) ? `; texts shortened to ${c.maxContent} characters` : "";
    const dropped = c.dropped ? `; ${c.dropped} lines left out to fit` : "";
    return {
      mode: "brute_force",
      entries,
      lines: c.lines,
      segmentIds: c.segmentIds,
      totalSegments: all.length,
      description: `all ${all.length} segments of the video, in time order, merged and compressed into ${c.lines.length} lines${cut}${dropped}`,
    };
  }

  let nearest = all.length ? await nearestByVectors(db, { userId: params.userId, jobId, question: params.question, modules, signal: params.signal }) : [];
  let how = "by embedding similarity";
  if (!nearest) {
    const sims = lexicalSimilarities(params.question, all.map((s) => s.content));
    nearest = all
      .map((s, i) => ({ s, sim: sims[i] }))
      .sort((a, b) => b.sim - a.sim || a.s.startTime - b.s.startTime)
      .slice(0, VECTOR_TOP_K)
      .map(({ s, sim }) => ({ ...s, jobId, metadata: null, similarity: sim }));
    how = "by word overlap (the video's vectors come from a model that is not available now)";
  }
  const entries = nearest.map((c) => toEntry(c, c.similarity)).sort(byTime);
  return {
    mode: "vector",
    entries,
    lines: entries.map((e) => contextLine(e, MAX_VECTOR_LINE_CHARS)),
    segmentIds: entries.flatMap((e) => e.ids),
    totalSegments: all.length,
    description: `the ${entries.length} of the video's ${all.length} segments nearest to the question ${how}, in time order`,
  };
}
