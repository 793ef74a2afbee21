ALTER TABLE "lead_daily_rollup" DROP CONSTRAINT "lead_daily_rollup_dimension_check";--> statement-breakpoint
ALTER TABLE "lead_daily_rollup" ADD COLUMN "contacted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_daily_rollup" ADD COLUMN "qualified" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_daily_rollup" ADD COLUMN "won" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_daily_rollup" ADD COLUMN "contacted_within_5_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_daily_rollup" ADD COLUMN "contacted_within_1_hour" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_daily_rollup" ADD CONSTRAINT "lead_daily_rollup_dimension_check" CHECK ("lead_daily_rollup"."dimension" in ('source', 'hour', 'utm_source', 'utm_campaign', 'landing_page'));--> statement-breakpoint
-- The roll-up now also counts sales' progress (ADR 048) and the Brasília hour each lead arrived, so the dashboard's sales
-- counts read it too (ADR 040). A lead's stages change after its day was rolled up: an update of its created_at, source
-- or stage times takes out what it counted and adds what it counts now. Replaces 0010's functions that build rows.
DROP TRIGGER lead_daily_rollup_update ON leads;
--> statement-breakpoint
DROP FUNCTION lead_daily_rollup_lead_updated();
--> statement-breakpoint
DROP FUNCTION lead_daily_rollup_of_lead(uuid, timestamptz, text, integer);
--> statement-breakpoint
-- One roll-up entry of a lead, times p_sign: the lead, and whether sales contacted, qualified and won it and first contacted it within 5 minutes and 1 hour.
CREATE FUNCTION lead_daily_rollup_entry(p_lead leads, p_dimension text, p_value text, p_sign integer) RETURNS lead_daily_rollup
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((p_lead.created_at AT TIME ZONE 'America/Sao_Paulo')::date, p_dimension, p_value, p_sign,
          p_sign * (p_lead.contacted_at IS NOT NULL)::int, p_sign * (p_lead.qualified_at IS NOT NULL)::int, p_sign * (p_lead.won_at IS NOT NULL)::int,
          p_sign * coalesce(p_lead.contacted_at - p_lead.created_at <= interval '5 minutes', false)::int,
          p_sign * coalesce(p_lead.contacted_at - p_lead.created_at <= interval '1 hour', false)::int)::lead_daily_rollup
$$;
--> statement-breakpoint
-- The entries of a lead without its tracking rows: its source and the hour it arrived.
CREATE FUNCTION lead_daily_rollup_lead_values(p_lead leads) RETURNS TABLE (dimension text, value text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT * FROM (VALUES ('source', p_lead.source),
                        ('hour', extract(hour FROM p_lead.created_at AT TIME ZONE 'America/Sao_Paulo')::int::text)) AS v(dimension, value)
$$;
--> statement-breakpoint
-- Everything one lead counts for (its source and hour, and each of its tracking rows or its lack of one), times p_sign.
CREATE FUNCTION lead_daily_rollup_of_lead(p_lead leads, p_sign integer) RETURNS SETOF lead_daily_rollup LANGUAGE sql STABLE AS $$
  SELECT lead_daily_rollup_entry(p_lead, v.dimension, v.value, p_sign) FROM lead_daily_rollup_lead_values(p_lead) AS v
  UNION ALL
  SELECT lead_daily_rollup_entry(p_lead, v.dimension, v.value, p_sign)
  FROM (SELECT t.utm_source, t.utm_campaign, t.page_location FROM lead_tracking AS t WHERE t.lead_id = p_lead.id
        UNION ALL
        SELECT NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM lead_tracking AS t WHERE t.lead_id = p_lead.id)) AS rows
  CROSS JOIN LATERAL lead_daily_rollup_tracking_values(rows.utm_source, rows.utm_campaign, rows.page_location) AS v
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_daily_rollup_apply(p_deltas lead_daily_rollup[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_daily_rollup AS r (day, dimension, value, leads, contacted, qualified, won, contacted_within_5_minutes, contacted_within_1_hour)
  SELECT d.day, d.dimension, d.value, sum(d.leads)::int, sum(d.contacted)::int, sum(d.qualified)::int, sum(d.won)::int,
         sum(d.contacted_within_5_minutes)::int, sum(d.contacted_within_1_hour)::int
  FROM unnest(p_deltas) AS d
  GROUP BY 1, 2, 3
  HAVING sum(d.leads) <> 0 OR sum(d.contacted) <> 0 OR sum(d.qualified) <> 0 OR sum(d.won) <> 0
      OR sum(d.contacted_within_5_minutes) <> 0 OR sum(d.contacted_within_1_hour) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (day, dimension, value) DO UPDATE SET leads = r.leads + excluded.leads, contacted = r.contacted + excluded.contacted,
    qualified = r.qualified + excluded.qualified, won = r.won + excluded.won,
    contacted_within_5_minutes = r.contacted_within_5_minutes + excluded.contacted_within_5_minutes,
    contacted_within_1_hour = r.contacted_within_1_hour + excluded.contacted_within_1_hour;
  DELETE FROM lead_daily_rollup AS r USING (SELECT DISTINCT d.day, d.dimension, d.value FROM unnest(p_deltas) AS d) AS touched
  WHERE r.day = touched.day AND r.dimension = touched.dimension AND r.value = touched.value AND r.leads = 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_daily_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_daily_rollup;
  INSERT INTO lead_daily_rollup (day, dimension, value, leads, contacted, qualified, won, contacted_within_5_minutes, contacted_within_1_hour)
  SELECT e.day, e.dimension, e.value, sum(e.leads)::int, sum(e.contacted)::int, sum(e.qualified)::int, sum(e.won)::int,
         sum(e.contacted_within_5_minutes)::int, sum(e.contacted_within_1_hour)::int
  FROM leads AS l CROSS JOIN LATERAL lead_daily_rollup_of_lead(l, 1) AS e
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- New leads have no tracking row yet (its foreign key needs the lead first): their source and hour, and none for the rest.
CREATE OR REPLACE FUNCTION lead_daily_rollup_leads_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(
    SELECT lead_daily_rollup_entry(ROW(n.*)::leads, v.dimension, v.value, 1)
    FROM new_rows AS n
    CROSS JOIN LATERAL (SELECT * FROM lead_daily_rollup_lead_values(ROW(n.*)::leads)
                        UNION ALL VALUES ('utm_source', ''), ('utm_campaign', ''), ('landing_page', '')) AS v(dimension, value)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_daily_rollup_lead_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(SELECT lead_daily_rollup_of_lead(OLD, -1)));
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- The updated leads whose created_at, source or stage times changed (a status change, a lead moved): out as they were, in as they are.
CREATE FUNCTION lead_daily_rollup_leads_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(
    WITH changed AS (
      SELECT ROW(o.*)::leads AS before, ROW(n.*)::leads AS after FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
      WHERE (o.created_at, o.source, o.contacted_at, o.qualified_at, o.won_at) IS DISTINCT FROM (n.created_at, n.source, n.contacted_at, n.qualified_at, n.won_at)
    )
    SELECT lead_daily_rollup_of_lead(before, -1) FROM changed
    UNION ALL
    SELECT lead_daily_rollup_of_lead(after, 1) FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_leads_updated();
--> statement-breakpoint
-- Tracking rows added and removed (an update is both) for leads that still exist: each row's entries with its lead's
-- progress, and the lead's "none" entries when it goes from no tracking row to some (out) or back (in).
CREATE OR REPLACE FUNCTION lead_daily_rollup_tracking_changed(p_added lead_tracking[], p_removed lead_tracking[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(
    WITH changes AS (
      SELECT c.*, 1 AS sign FROM unnest(p_added) AS c
      UNION ALL
      SELECT c.*, -1 FROM unnest(p_removed) AS c
    ), net AS (
      SELECT lead_id, sum(sign)::int AS added FROM changes GROUP BY lead_id
    ), entries AS (
      SELECT l, c.utm_source, c.utm_campaign, c.page_location, c.sign FROM changes AS c JOIN leads AS l ON l.id = c.lead_id
      UNION ALL
      SELECT l, NULL, NULL, NULL, (now_rows.count = 0)::int - (now_rows.count - net.added = 0)::int
      FROM net JOIN leads AS l ON l.id = net.lead_id
      CROSS JOIN LATERAL (SELECT count(*)::int AS count FROM lead_tracking AS t WHERE t.lead_id = l.id) AS now_rows
      WHERE (now_rows.count = 0) <> (now_rows.count - net.added = 0)
    )
    SELECT lead_daily_rollup_entry(e.l, v.dimension, v.value, e.sign)
    FROM entries AS e CROSS JOIN LATERAL lead_daily_rollup_tracking_values(e.utm_source, e.utm_campaign, e.page_location) AS v));
END
$$;
--> statement-breakpoint
SELECT lead_daily_rollup_rebuild();
