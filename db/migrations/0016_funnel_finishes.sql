CREATE TABLE "funnel_finishes" (
	"tool" text NOT NULL,
	"run" text NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "funnel_finishes_tool_run_pk" PRIMARY KEY("tool","run")
);
--> statement-breakpoint
CREATE INDEX "funnel_finishes_finished_at_idx" ON "funnel_finishes" USING btree ("finished_at");--> statement-breakpoint
-- The finishes counted before this migration were rows of the rate limit ('funnel-finish|<tool>|<run>'): moved here, so none counts twice.
INSERT INTO "funnel_finishes" ("tool", "run", "finished_at")
SELECT split_part("key", '|', 2), split_part("key", '|', 3), min("hit_at") FROM "rate_limit_hits" WHERE "key" LIKE 'funnel-finish|%' GROUP BY 1, 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "rate_limit_hits" WHERE "key" LIKE 'funnel-finish|%';
