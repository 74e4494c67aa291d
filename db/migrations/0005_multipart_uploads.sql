-- Resumable multipart uploads (lib/storage/multipart.ts): one row per upload in progress, and on
-- local storage one row per stored part. Rows past expires_at (24 h) are aborted and removed.
CREATE TABLE "multipart_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"part_size" bigint NOT NULL,
	"part_count" integer NOT NULL,
	"driver" text NOT NULL,
	"s3_upload_id" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"expires_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multipart_parts" (
	"upload_id" uuid NOT NULL,
	"part_number" integer NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "multipart_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multipart_parts" ADD CONSTRAINT "multipart_parts_upload_id_multipart_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."multipart_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multipart_uploads_user_idx" ON "multipart_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "multipart_uploads_expires_idx" ON "multipart_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "multipart_uploads_file_path_idx" ON "multipart_uploads" USING btree ("file_path");
