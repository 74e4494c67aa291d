// A search text's vectors for one request, per embedding model, each made once: a request that
// will search (chat's retrieval) starts embedding its text with the current model at once, so the
// embedding (in the model's worker, or a remote call) runs while the request does its database
// work, instead of after it. searchScope takes the vectors from here when given.
import { currentEmbeddingModel } from "@/lib/ai/embeddings";
import { embedQuery } from "./embed-query";

type QueryVector = Awaited<ReturnType<typeof embedQuery>>;

export class QueryVectors {
  private readonly byModel = new Map<string, Promise<QueryVector>>();

  constructor(
    readonly text: string,
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * Starts embedding with the model new vectors are made with (the model of the stored vectors but
   * during a re-embedding). A failure surfaces where the vector is used, not here.
   */
  prefetch(): this {
    this.vector(currentEmbeddingModel()).catch(() => {});
    return this;
  }

  /** The text's vector made by `model` (null: that model is not available, or the text has no words). */
  vector(model: string): Promise<QueryVector> {
    let v = this.byModel.get(model);
    if (!v) this.byModel.set(model, (v = embedQuery(this.text, { model, signal: this.signal })));
    return v;
  }
}
