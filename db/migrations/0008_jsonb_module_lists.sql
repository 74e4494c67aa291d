-- Module lists stored as JSON text and parsed by hand become jsonb (typed string[] in db/schema.ts).
-- The text default cannot be cast automatically: dropped, the column converted, the default set again.
ALTER TABLE "videos" ALTER COLUMN "selected_insights" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "selected_insights" TYPE jsonb USING "selected_insights"::jsonb;
--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "selected_insights" SET DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE "processing_runs" ALTER COLUMN "modules" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "processing_runs" ALTER COLUMN "modules" TYPE jsonb USING "modules"::jsonb;
--> statement-breakpoint
ALTER TABLE "processing_runs" ALTER COLUMN "modules" SET DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "modules" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "modules" TYPE jsonb USING "modules"::jsonb;
--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "modules" SET DEFAULT '[]'::jsonb;
