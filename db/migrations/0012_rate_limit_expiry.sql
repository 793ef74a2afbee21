-- Rows counted before this migration do not know their limiter's window: keep them a day (the longest window), so no limit is loosened by the deploy.
ALTER TABLE "rate_limit_hits" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "rate_limit_hits" SET "expires_at" = "hit_at" + interval '1 day';--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "rate_limit_hits_hit_at_idx";--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_at_idx" ON "rate_limit_hits" USING btree ("expires_at");
