-- The dashboard's two exact medians (time to delivery, time to first contact, ADR 040) in two steps instead of a sort
-- of the period's rows: count the period's rows per delay bucket from an index alone, find the bucket(s) holding the
-- middle row(s), and read only those in delay order. The buckets: 81 bounds from 1 second to about 29 days, each about
-- 19% (2^(1/4)) above the one before (bucket 0 below 1 second, 81 from the last bound up); interval comparisons, no epoch.
CREATE FUNCTION lead_delay_bucket(p_delay interval) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT width_bucket(p_delay, '{1,2,3,4,5,6,7,8,10,11,13,16,19,23,27,32,38,45,54,64,76,91,108,128,152,181,215,256,304,362,431,512,609,724,861,1024,1218,1448,1722,2048,2435,2896,3444,4096,4871,5793,6889,8192,9742,11585,13777,16384,19484,23170,27554,32768,38968,46341,55109,65536,77936,92682,110218,131072,155872,185364,220436,262144,311744,370728,440872,524288,623487,741455,881744,1048576,1246974,1482910,1763488,2097152,2493948}'::interval[])
$$;
--> statement-breakpoint
CREATE INDEX "leads_contact_delay_by_day_idx" ON "leads" USING btree ("created_at",(extract(hour from "created_at" at time zone 'America/Sao_Paulo')::int),lead_delay_bucket("contacted_at" - "created_at"),"contacted_at") WHERE "leads"."contacted_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_contact_delay_idx" ON "leads" USING btree ((extract(hour from "created_at" at time zone 'America/Sao_Paulo')::int),lead_delay_bucket("contacted_at" - "created_at"),"created_at","contacted_at") WHERE "leads"."contacted_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_lead_undelivered_idx" ON "outbox" USING btree ("lead_created_at","status") WHERE "outbox"."target" = 'lead_webhook' and "outbox"."status" <> 'delivered';--> statement-breakpoint
CREATE INDEX "outbox_lead_delays_by_day_idx" ON "outbox" USING btree ("lead_created_at",lead_delay_bucket("delivered_at" - "lead_created_at"),"delivered_at") WHERE "outbox"."target" = 'lead_webhook' and "outbox"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "outbox_lead_delays_idx" ON "outbox" USING btree (lead_delay_bucket("delivered_at" - "lead_created_at"),"lead_created_at","delivered_at") WHERE "outbox"."target" = 'lead_webhook' and "outbox"."status" = 'delivered';