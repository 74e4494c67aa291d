// An edited segment's vector, made again from its new text before the edit is answered, so
// search finds the new words by meaning at once (its words are re-indexed by Postgres itself:
// content_tsv is a generated column). The current model's vector, else the offline fallbacks
// (embedWithFallback), recorded with the model that made it.
import type { Db } from "@/db/client";
import { writeEditedSegmentVector } from "@/db/queries/embeddings";
import { embedWithFallback } from "@/lib/search/embed-segments";

export async function reembedSegment(db: Db, params: { userId: string; segmentId: string; content: string }): Promise<void> {
  const { result } = await embedWithFallback([params.content]);
  await writeEditedSegmentVector(db, {
    userId: params.userId,
    id: params.segmentId,
    content: params.content,
    model: result.model,
    vector: result.vectors[0] ?? null,
  });
}
