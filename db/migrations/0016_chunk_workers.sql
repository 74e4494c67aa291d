CREATE TABLE IF NOT EXISTS "chunk_workers" (
	"owner" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"slots" integer NOT NULL,
	"started_at" timestamp DEFAULT now() NOT NULL,
	"seen_at" timestamp DEFAULT now() NOT NULL
);
