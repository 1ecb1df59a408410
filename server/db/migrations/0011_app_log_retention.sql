-- Hand-written: retention of the app log. The app role may only add and read log rows (0009); old
-- rows are removed by xiaowu_purge_app_logs(), a SECURITY DEFINER function owned by
-- xiaowu_log_keeper, a NOLOGIN role that may read and delete log rows of every school and nothing
-- else. The function refuses to remove anything younger than a day, so a caller cannot wipe
-- recent history, and removes at most p_limit rows of each table per call (short locks).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'xiaowu_log_keeper') THEN
    CREATE ROLE xiaowu_log_keeper NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
GRANT xiaowu_log_keeper TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE, CREATE ON SCHEMA public TO xiaowu_log_keeper;
--> statement-breakpoint
GRANT SELECT, DELETE ON app_logs, app_logs_public TO xiaowu_log_keeper;
--> statement-breakpoint
CREATE POLICY log_retention_read ON app_logs FOR SELECT TO xiaowu_log_keeper USING (true);
--> statement-breakpoint
CREATE POLICY log_retention_delete ON app_logs FOR DELETE TO xiaowu_log_keeper USING (true);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION xiaowu_purge_app_logs(p_older_than timestamptz, p_limit integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  removed integer;
  removed_public integer;
BEGIN
  IF p_older_than > now() - interval '1 day' THEN
    RAISE EXCEPTION 'app log rows younger than a day are kept';
  END IF;
  DELETE FROM public.app_logs
  WHERE (tenant_id, id) IN (SELECT l.tenant_id, l.id FROM public.app_logs l WHERE l.at < p_older_than LIMIT p_limit);
  GET DIAGNOSTICS removed = ROW_COUNT;
  DELETE FROM public.app_logs_public
  WHERE id IN (SELECT p.id FROM public.app_logs_public p WHERE p.at < p_older_than LIMIT p_limit);
  GET DIAGNOSTICS removed_public = ROW_COUNT;
  RETURN removed + removed_public;
END
$$;
--> statement-breakpoint
ALTER FUNCTION xiaowu_purge_app_logs(timestamptz, integer) OWNER TO xiaowu_log_keeper;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_purge_app_logs(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION xiaowu_purge_app_logs(timestamptz, integer) TO xiaowu_app;
