-- Hybrid search (lib/search/README.md): every segment's words as a tsvector, English stems and
-- exact forms together ('simple' keeps stopwords and unstemmed words), kept by Postgres itself.
ALTER TABLE "segments" ADD COLUMN "content_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "content") || to_tsvector('simple'::regconfig, "content")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "segments_content_tsv_idx" ON "segments" USING gin ("content_tsv");--> statement-breakpoint
-- Chat sessions about a whole project (retrieval over all its videos).
ALTER TABLE "chat_sessions" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
