-- HNSW (cosine) over segment embeddings, for search scopes too large to scan exactly. Created on a
-- Postgres server only: in PGlite (single-threaded WASM) each vector written into the graph costs
-- ~14 ms and a build ~75 s per 20k rows, while its searches stay per user and exact
-- (bench/search/README.md). Declared in db/schema.ts as segments_embedding_hnsw_idx.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    PERFORM set_config('maintenance_work_mem', '512MB', true);
    CREATE INDEX IF NOT EXISTS "segments_embedding_hnsw_idx" ON "segments" USING hnsw ("embedding" vector_cosine_ops);
  END IF;
END
$$;
