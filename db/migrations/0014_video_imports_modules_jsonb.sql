-- video_imports.modules held the chosen modules as JSON text ('["shots","scenes"]', default '[]'),
-- parsed by hand; it becomes jsonb like the other module lists (0008). The text default cannot be
-- cast automatically: dropped, the column converted, the default set again.
ALTER TABLE "video_imports" ALTER COLUMN "modules" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "video_imports" ALTER COLUMN "modules" TYPE jsonb USING "modules"::jsonb;
--> statement-breakpoint
ALTER TABLE "video_imports" ALTER COLUMN "modules" SET DEFAULT '[]'::jsonb;
