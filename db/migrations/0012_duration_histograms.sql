CREATE TABLE IF NOT EXISTS "duration_histograms" (
	"metric" text NOT NULL,
	"label" text NOT NULL,
	"le" double precision NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "duration_histograms_metric_label_le_pk" PRIMARY KEY("metric","label","le")
);
