CREATE TABLE "content_publishes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"document_id" text,
	"document_type" text,
	"tags" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_publishes_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "lead_id" DROP NOT NULL;