CREATE TABLE IF NOT EXISTS "run_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"start_time" double precision NOT NULL,
	"end_time" double precision NOT NULL,
	"speech_start" double precision NOT NULL,
	"speech_end" double precision NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp,
	"output" jsonb,
	"error" text,
	"started_at" timestamp,
	"finished_at" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "run_chunks" ADD CONSTRAINT "run_chunks_run_id_processing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."processing_runs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "run_chunks_run_idx_idx" ON "run_chunks" USING btree ("run_id","idx");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "run_chunks_status_idx" ON "run_chunks" USING btree ("status","created_at");
