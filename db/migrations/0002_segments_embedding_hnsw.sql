-- Vector search over segment embeddings (lib/search, bench/search/README.md).
-- 1. Keep vectors inline: a 512-dim vector is 2,052 bytes, just over Postgres' 2 KB TOAST
--    threshold, so by default every vector lives out of line and an exact scan fetches each one
--    from the TOAST table (measured ~20× slower). Storage MAIN with a 4 KB tuple target keeps it
--    in the row (long `content` is still compressed or moved out first). Applies to rows written
--    from now on.
ALTER TABLE "segments" SET (toast_tuple_target = 4080);--> statement-breakpoint
ALTER TABLE "segments" ALTER COLUMN "embedding" SET STORAGE MAIN;--> statement-breakpoint
-- 2. HNSW (cosine) for search scopes too large to scan exactly. Created on a Postgres server only:
--    in PGlite (single-threaded WASM) each vector written into the graph costs ~14 ms and a build
--    ~35–75 s per 20k rows, while its searches stay per user and exact. Declared in db/schema.ts as
--    segments_embedding_hnsw_idx.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    PERFORM set_config('maintenance_work_mem', '512MB', true);
    CREATE INDEX IF NOT EXISTS "segments_embedding_hnsw_idx" ON "segments" USING hnsw ("embedding" vector_cosine_ops);
  END IF;
END
$$;
