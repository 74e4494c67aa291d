-- Corrections (issue 26): a segment edited by its owner keeps `edited`/`revision`, and every
-- version of its text is a row of segment_revisions (revision 0 = the machine's original, written
-- on the first edit). Reprocessing keeps edited segments unless asked to discard them.
ALTER TABLE "segments" ADD COLUMN IF NOT EXISTS "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN IF NOT EXISTS "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "segment_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"segment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"content" text NOT NULL,
	"metadata" text,
	"edited_by" uuid,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "segment_revisions" ADD CONSTRAINT "segment_revisions_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "segment_revisions_segment_revision_idx" ON "segment_revisions" USING btree ("segment_id","revision");--> statement-breakpoint
-- Chapters of a video, generated from its segments and stored (one row per video) so edits to
-- titles and summaries persist; `fingerprint` names the segments they were made from.
CREATE TABLE IF NOT EXISTS "video_chapters" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"chapters" jsonb NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_chapters" ADD CONSTRAINT "video_chapters_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
