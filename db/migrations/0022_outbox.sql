-- Issue 43: the outbox loses its webhook names (ADR 054); every row is kept.
ALTER TABLE "webhook_deliveries" RENAME TO "outbox";--> statement-breakpoint
ALTER TABLE "outbox" RENAME COLUMN "webhook_id" TO "message_id";--> statement-breakpoint
ALTER TABLE "outbox" RENAME CONSTRAINT "webhook_deliveries_pkey" TO "outbox_pkey";--> statement-breakpoint
ALTER TABLE "outbox" RENAME CONSTRAINT "webhook_deliveries_webhook_id_unique" TO "outbox_message_id_unique";--> statement-breakpoint
ALTER TABLE "outbox" RENAME CONSTRAINT "webhook_deliveries_status_check" TO "outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox" RENAME CONSTRAINT "webhook_deliveries_lead_id_leads_id_fk" TO "outbox_lead_id_leads_id_fk";--> statement-breakpoint
ALTER TABLE "delivery_attempts" RENAME CONSTRAINT "delivery_attempts_delivery_id_webhook_deliveries_id_fk" TO "delivery_attempts_delivery_id_outbox_id_fk";--> statement-breakpoint
ALTER INDEX "webhook_deliveries_due_idx" RENAME TO "outbox_due_idx";--> statement-breakpoint
ALTER INDEX "webhook_deliveries_lead_id_idx" RENAME TO "outbox_lead_id_idx";--> statement-breakpoint
ALTER INDEX "webhook_deliveries_target_lead_created_at_idx" RENAME TO "outbox_target_lead_created_at_idx";--> statement-breakpoint
-- The lead_created_at triggers (migration 0010) under the new name; the one that writes the table names it anew.
ALTER TRIGGER "webhook_deliveries_lead_created_at" ON "outbox" RENAME TO "outbox_lead_created_at";--> statement-breakpoint
ALTER TRIGGER "webhook_deliveries_lead_created_at" ON "leads" RENAME TO "outbox_lead_created_at";--> statement-breakpoint
ALTER FUNCTION webhook_deliveries_lead_created_at() RENAME TO outbox_lead_created_at;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_deliveries_lead_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbox SET lead_created_at = NEW.created_at WHERE lead_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER FUNCTION webhook_deliveries_lead_moved() RENAME TO outbox_lead_moved;--> statement-breakpoint
-- A lead's later event is a column with a unique index, not a prefix of the row's id: the closed-loop rows
-- ('closed-loop:<lead>:<stage word>:<target>') get their stage, in the English stored values (migration 0015).
ALTER TABLE "outbox" ADD COLUMN "event" text;--> statement-breakpoint
UPDATE "outbox" SET "event" = CASE split_part("message_id", ':', 3) WHEN 'qualificado' THEN 'qualified' WHEN 'cliente' THEN 'won' END
  WHERE "message_id" LIKE 'closed-loop:%';--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_lead_target_event_unique" ON "outbox" USING btree ("lead_id","target","event") WHERE "outbox"."event" is not null;
