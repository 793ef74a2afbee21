CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"hit_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_hit_at_idx" ON "rate_limit_hits" USING btree ("key","hit_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_hit_at_idx" ON "rate_limit_hits" USING btree ("hit_at");