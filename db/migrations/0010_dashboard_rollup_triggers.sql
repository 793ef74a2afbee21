-- The dashboard's roll-up (lead_daily_rollup, ADR 040) kept by the database itself: every insert, update, delete and
-- truncate of leads and lead_tracking changes it in the same transaction, so no application path can forget it.
-- The folds below must stay those of the dashboard and the leads table's filters (app/admin/leads.server.ts):
-- lower-cased UTM values, and lead_landing_page() is landingPagePathOf() word for word ('' stands for none).
CREATE FUNCTION lead_landing_page(p_page_location text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(p_page_location, '') = '' THEN NULL WHEN strpos(substr(p_page_location, 9), '/') = 0 THEN '/'
    ELSE split_part(split_part(substr(p_page_location, strpos(substr(p_page_location, 9), '/') + 8), '?', 1), '#', 1) END
$$;
--> statement-breakpoint
-- One tracking row's three entries (a lead without any counts as one row of nulls, as the dashboard's left join does).
CREATE FUNCTION lead_daily_rollup_tracking_values(p_utm_source text, p_utm_campaign text, p_page_location text)
RETURNS TABLE (dimension text, value text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT * FROM (VALUES ('utm_source', coalesce(lower(p_utm_source), '')), ('utm_campaign', coalesce(lower(p_utm_campaign), '')),
                        ('landing_page', coalesce(lead_landing_page(p_page_location), ''))) AS v(dimension, value)
$$;
--> statement-breakpoint
-- Adds the deltas (rows whose `leads` is the change), one upsert in key order (concurrent writers lock rows in the same order), and deletes rows left at 0.
CREATE FUNCTION lead_daily_rollup_apply(p_deltas lead_daily_rollup[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_daily_rollup AS r (day, dimension, value, leads)
  SELECT d.day, d.dimension, d.value, sum(d.leads)::int FROM unnest(p_deltas) AS d
  GROUP BY 1, 2, 3 HAVING sum(d.leads) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, dimension, value) DO UPDATE SET leads = r.leads + excluded.leads;
  DELETE FROM lead_daily_rollup AS r USING (SELECT DISTINCT d.day, d.dimension, d.value FROM unnest(p_deltas) AS d) AS touched
  WHERE r.day = touched.day AND r.dimension = touched.dimension AND r.value = touched.value AND r.leads = 0;
END
$$;
--> statement-breakpoint
-- Everything one lead counts for (its source, and each of its tracking rows or its lack of one), times p_sign.
CREATE FUNCTION lead_daily_rollup_of_lead(p_lead_id uuid, p_created_at timestamptz, p_source text, p_sign integer)
RETURNS SETOF lead_daily_rollup LANGUAGE sql STABLE AS $$
  SELECT ((p_created_at AT TIME ZONE 'America/Sao_Paulo')::date, 'source', p_source, p_sign)::lead_daily_rollup
  UNION ALL
  SELECT ((p_created_at AT TIME ZONE 'America/Sao_Paulo')::date, v.dimension, v.value, p_sign)::lead_daily_rollup
  FROM (SELECT t.utm_source, t.utm_campaign, t.page_location FROM lead_tracking AS t WHERE t.lead_id = p_lead_id
        UNION ALL
        SELECT NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM lead_tracking AS t WHERE t.lead_id = p_lead_id)) AS rows
  CROSS JOIN LATERAL lead_daily_rollup_tracking_values(rows.utm_source, rows.utm_campaign, rows.page_location) AS v
$$;
--> statement-breakpoint
-- The roll-up recomputed from the tables: the backfill below, and after a TRUNCATE (which fires no row triggers).
CREATE FUNCTION lead_daily_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_daily_rollup;
  INSERT INTO lead_daily_rollup (day, dimension, value, leads)
  SELECT day, dimension, value, count(*)::int FROM (
    SELECT (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, 'source' AS dimension, l.source AS value FROM leads AS l
    UNION ALL
    SELECT (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date, v.dimension, v.value
    FROM leads AS l LEFT JOIN lead_tracking AS t ON t.lead_id = l.id
    CROSS JOIN LATERAL lead_daily_rollup_tracking_values(t.utm_source, t.utm_campaign, t.page_location) AS v
  ) AS entries
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- New leads have no tracking row yet (its foreign key needs the lead first): their source, and none for the rest.
CREATE FUNCTION lead_daily_rollup_leads_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(
    SELECT ((n.created_at AT TIME ZONE 'America/Sao_Paulo')::date, v.dimension, v.value, 1)::lead_daily_rollup
    FROM new_rows AS n
    CROSS JOIN LATERAL (VALUES ('source', n.source), ('utm_source', ''), ('utm_campaign', ''), ('landing_page', '')) AS v(dimension, value)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- BEFORE the delete, while its tracking rows are still there: the cascade that deletes them then finds no lead and leaves the roll-up alone.
CREATE FUNCTION lead_daily_rollup_lead_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(SELECT lead_daily_rollup_of_lead(OLD.id, OLD.created_at, OLD.source, -1)));
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lead_daily_rollup_lead_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(
    SELECT lead_daily_rollup_of_lead(OLD.id, OLD.created_at, OLD.source, -1)
    UNION ALL
    SELECT lead_daily_rollup_of_lead(NEW.id, NEW.created_at, NEW.source, 1)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tracking rows added and removed (an update is both) for leads that still exist: their entries, and a lead's
-- "none" entries when it goes from no tracking row to some or back.
CREATE FUNCTION lead_daily_rollup_tracking_changed(p_added lead_tracking[], p_removed lead_tracking[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_apply(ARRAY(
    WITH changes AS (
      SELECT a.lead_id, a.utm_source, a.utm_campaign, a.page_location, 1 AS sign FROM unnest(p_added) AS a
      UNION ALL
      SELECT r.lead_id, r.utm_source, r.utm_campaign, r.page_location, -1 FROM unnest(p_removed) AS r
    ), touched AS (
      SELECT l.id, (l.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, now_rows.count AS rows_now, now_rows.count - c.net AS rows_before
      FROM (SELECT lead_id, sum(sign)::int AS net FROM changes GROUP BY lead_id) AS c
      JOIN leads AS l ON l.id = c.lead_id
      CROSS JOIN LATERAL (SELECT count(*)::int AS count FROM lead_tracking AS t WHERE t.lead_id = l.id) AS now_rows
    ), deltas AS (
      SELECT touched.day, c.utm_source, c.utm_campaign, c.page_location, c.sign FROM changes AS c JOIN touched ON touched.id = c.lead_id
      UNION ALL
      SELECT day, NULL, NULL, NULL, (rows_now = 0)::int - (rows_before = 0)::int FROM touched WHERE (rows_now = 0) <> (rows_before = 0)
    )
    SELECT (d.day, v.dimension, v.value, d.sign)::lead_daily_rollup
    FROM deltas AS d CROSS JOIN LATERAL lead_daily_rollup_tracking_values(d.utm_source, d.utm_campaign, d.page_location) AS v));
END
$$;
--> statement-breakpoint
CREATE FUNCTION lead_daily_rollup_tracking_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_tracking_changed(ARRAY(SELECT ROW(n.*)::lead_tracking FROM new_rows AS n), '{}'::lead_tracking[]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lead_daily_rollup_tracking_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_tracking_changed('{}'::lead_tracking[], ARRAY(SELECT ROW(o.*)::lead_tracking FROM old_rows AS o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lead_daily_rollup_tracking_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_tracking_changed(ARRAY(SELECT ROW(n.*)::lead_tracking FROM new_rows AS n), ARRAY(SELECT ROW(o.*)::lead_tracking FROM old_rows AS o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lead_daily_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_daily_rollup_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_leads_inserted();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_delete BEFORE DELETE ON leads FOR EACH ROW EXECUTE FUNCTION lead_daily_rollup_lead_deleted();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_update AFTER UPDATE OF created_at, source ON leads FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.source IS DISTINCT FROM NEW.source) EXECUTE FUNCTION lead_daily_rollup_lead_updated();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_truncate AFTER TRUNCATE ON leads FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_truncated();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_insert AFTER INSERT ON lead_tracking REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_tracking_inserted();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_delete AFTER DELETE ON lead_tracking REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_tracking_deleted();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_update AFTER UPDATE ON lead_tracking REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_tracking_updated();
--> statement-breakpoint
CREATE TRIGGER lead_daily_rollup_truncate AFTER TRUNCATE ON lead_tracking FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_rollup_truncated();
--> statement-breakpoint
-- webhook_deliveries.lead_created_at: the lead's created_at, on every row whatever wrote it, and kept when the lead's changes.
CREATE FUNCTION webhook_deliveries_lead_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.lead_created_at := (SELECT l.created_at FROM leads AS l WHERE l.id = NEW.lead_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_deliveries_lead_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE webhook_deliveries SET lead_created_at = NEW.created_at WHERE lead_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_lead_created_at BEFORE INSERT OR UPDATE OF lead_id, lead_created_at ON webhook_deliveries
  FOR EACH ROW EXECUTE FUNCTION webhook_deliveries_lead_created_at();
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_lead_created_at AFTER UPDATE OF created_at ON leads FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION webhook_deliveries_lead_moved();
--> statement-breakpoint
-- The rows stored before this migration.
UPDATE webhook_deliveries AS d SET lead_created_at = l.created_at FROM leads AS l WHERE l.id = d.lead_id;
--> statement-breakpoint
SELECT lead_daily_rollup_rebuild();
