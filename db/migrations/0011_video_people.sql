CREATE TABLE IF NOT EXISTS "video_people" (
	"video_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "video_people_video_id_person_id_pk" PRIMARY KEY("video_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "video_people" ADD CONSTRAINT "video_people_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "video_people_user_idx" ON "video_people" USING btree ("user_id");
