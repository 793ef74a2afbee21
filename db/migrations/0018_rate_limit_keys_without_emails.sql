-- The admin sign-in's counts were keyed by the raw e-mail ('admin-login|email|…', '|pair|…', '|device|…'); they are now keyed by its
-- SHA-256 under new names (app/admin/login-limits.server.ts). The old rows go (a count in progress starts again: at most 15 minutes lost).
DELETE FROM "rate_limit_hits" WHERE "key" LIKE 'admin-login|email|%' OR "key" LIKE 'admin-login|pair|%' OR "key" LIKE 'admin-login|device|%';--> statement-breakpoint
-- The count per address holds no e-mail: it keeps counting under its new name.
UPDATE "rate_limit_hits" SET "key" = 'admin-login-ip|' || substr("key", length('admin-login|ip|') + 1) WHERE "key" LIKE 'admin-login|ip|%';
