CREATE TABLE "pipedrive_person_locks" (
	"email_sha256" text PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The locks taken before this migration were rate-limit rows keyed by the raw e-mail ('pipedrive-person|<e-mail>'):
-- those still holding move here under the e-mail's SHA-256 (as app/leads/email-key.server.ts makes it), and every such row goes.
INSERT INTO "pipedrive_person_locks" ("email_sha256", "delivery_id", "expires_at")
SELECT encode(sha256(convert_to(lower(btrim(substr("key", length('pipedrive-person|') + 1))), 'UTF8')), 'hex'), gen_random_uuid(), max("expires_at")
FROM "rate_limit_hits" WHERE "key" LIKE 'pipedrive-person|%' AND "expires_at" > now() GROUP BY 1
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "rate_limit_hits" WHERE "key" LIKE 'pipedrive-person|%';
