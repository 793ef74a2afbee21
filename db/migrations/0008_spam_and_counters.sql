CREATE TABLE "daily_counters" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counters_day_name_pk" PRIMARY KEY("day","name")
);
--> statement-breakpoint
CREATE TABLE "suspected_spam" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"reason" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"submission" jsonb NOT NULL,
	"releasing_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suspected_spam_reason_check" CHECK ("suspected_spam"."reason" in ('honeypot', 'timer_invalid', 'too_fast', 'expired', 'missing'))
);
--> statement-breakpoint
CREATE INDEX "suspected_spam_received_at_idx" ON "suspected_spam" USING btree ("received_at");