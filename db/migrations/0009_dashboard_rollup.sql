CREATE TABLE "lead_daily_rollup" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_daily_rollup_day_dimension_value_pk" PRIMARY KEY("day","dimension","value"),
	CONSTRAINT "lead_daily_rollup_dimension_check" CHECK ("lead_daily_rollup"."dimension" in ('source', 'utm_source', 'utm_campaign', 'landing_page'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "lead_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_target_lead_created_at_idx" ON "webhook_deliveries" USING btree ("target","lead_created_at");