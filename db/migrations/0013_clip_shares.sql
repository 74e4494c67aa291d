ALTER TABLE "clips" ADD COLUMN IF NOT EXISTS "share_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "clips_share_hash_idx" ON "clips" USING btree ("share_hash");
