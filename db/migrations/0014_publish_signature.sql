ALTER TABLE "content_publishes" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "content_publishes" ADD CONSTRAINT "content_publishes_signature_unique" UNIQUE("signature");