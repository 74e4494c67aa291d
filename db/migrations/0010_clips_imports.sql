CREATE TABLE IF NOT EXISTS "clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"storage_path" text,
	"file_size" bigint,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp,
	"finished_at" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clips_user_idx" ON "clips" USING btree ("user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clips_status_idx" ON "clips" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "video_imports" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"modules" text DEFAULT '[]' NOT NULL,
	"initial_prompt" text,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_imports" ADD CONSTRAINT "video_imports_run_id_processing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."processing_runs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "video_imports_job_idx" ON "video_imports" USING btree ("job_id");
