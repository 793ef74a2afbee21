-- Lead statuses and lost reasons stored in English (ADR 036, issue 43): every row rewritten, the checks with the new values.
-- The pt-BR words stay in the admin's URLs and in audit entries written before this (app/admin/lead-status.ts maps them).
ALTER TABLE "leads" DROP CONSTRAINT "leads_status_check";--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_lost_reason_check";--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
UPDATE "leads" SET
  "status" = CASE "status" WHEN 'novo' THEN 'new' WHEN 'em_contato' THEN 'contacted' WHEN 'qualificado' THEN 'qualified' WHEN 'cliente' THEN 'won' WHEN 'perdido' THEN 'lost' ELSE "status" END,
  "lost_reason" = CASE "lost_reason" WHEN 'sem_resposta' THEN 'no_response' WHEN 'sem_orcamento' THEN 'no_budget' WHEN 'fora_do_perfil' THEN 'poor_fit'
    WHEN 'outra_agencia' THEN 'other_agency' WHEN 'adiado' THEN 'postponed' WHEN 'contato_invalido' THEN 'invalid_contact' ELSE "lost_reason" END;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lost_reason_value_check" CHECK ("leads"."lost_reason" in ('no_response', 'no_budget', 'poor_fit', 'other_agency', 'postponed', 'invalid_contact'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'qualified', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lost_reason_check" CHECK (("leads"."status" = 'lost') = ("leads"."lost_reason" is not null));
