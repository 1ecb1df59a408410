-- Hand-written: people search (POST /saas/components/getUserAllData) that stays fast at 100,000
-- people per tenant.
--
-- Under row-level security PostgreSQL only turns LEAKPROOF operators into index conditions, and
-- ILIKE, LIKE and array containment are not leakproof: with RLS on `users` the trigram index of
-- 0005 is never used and every keyword search scans the table. So the search runs in
-- xiaowu_people_search(), a SECURITY DEFINER function owned by xiaowu_people_reader, a NOLOGIN role
-- whose own policy lets it read people of every tenant (as xiaowu_session_reader does for sessions).
-- The function takes the tenant from app.tenant_id (set by the request's transaction) and filters by
-- it explicitly; callers cannot name another tenant.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'xiaowu_people_reader') THEN
    CREATE ROLE xiaowu_people_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
GRANT xiaowu_people_reader TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE, CREATE ON SCHEMA public TO xiaowu_people_reader;
--> statement-breakpoint
GRANT SELECT ON users, org_units, campuses TO xiaowu_people_reader;
--> statement-breakpoint
CREATE POLICY people_reader ON users FOR SELECT TO xiaowu_people_reader USING (true);
--> statement-breakpoint
CREATE POLICY people_reader ON org_units FOR SELECT TO xiaowu_people_reader USING (true);
--> statement-breakpoint
CREATE POLICY people_reader ON campuses FOR SELECT TO xiaowu_people_reader USING (true);
--> statement-breakpoint
-- Chinese names are two to four characters, so keywords of one or two characters are the usual
-- case, and trigrams cannot serve them: index the characters of each name (cheap to compute per row;
-- the search rechecks the exact substring).
CREATE INDEX IF NOT EXISTS users_name_chars_idx ON users USING gin (regexp_split_to_array(lower(name), ''));
--> statement-breakpoint
-- Enabled people only (the search never lists disabled accounts): counts become index-only scans.
DROP INDEX IF EXISTS users_tenant_type_order_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS users_tenant_order_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS users_tenant_campus_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_order_idx ON users (tenant_id, user_type, user_no, id) WHERE enabled;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_campus_idx ON users (tenant_id, campus_id, user_type) WHERE enabled;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_org_idx ON users (tenant_id, org_unit_id, user_type) WHERE enabled;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_tenant_user_no_idx ON users (tenant_id, user_no);
--> statement-breakpoint
-- One page of people of the current tenant and the total. Keyword: three or more characters match
-- anywhere in name, account or number (trigram index); one or two characters match anywhere in the
-- name, or the whole account or number. Every value goes in as a parameter (EXECUTE … USING).
CREATE OR REPLACE FUNCTION xiaowu_people_search(
  p_user_types text[],
  p_keyword text,
  p_campus_id uuid,
  p_campus_code text,
  p_org_code text,
  p_org_only boolean,
  p_user_no text,
  p_limit integer,
  p_offset integer
) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_catalog, pg_temp
-- worker start-up costs more than these index scans save
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  v_tenant uuid := NULLIF(current_setting('app.tenant_id', true), '')::uuid;
  v_keyword text := NULLIF(btrim(p_keyword), '');
  v_lower text := lower(NULLIF(btrim(p_keyword), ''));
  v_chars text[] := regexp_split_to_array(lower(NULLIF(btrim(p_keyword), '')), '');
  v_pattern text;
  v_where text := 'u.tenant_id = $1 AND u.enabled';
  v_total bigint;
  v_rows jsonb := '[]'::jsonb;
  v_order text;
BEGIN
  IF v_tenant IS NULL THEN
    RETURN jsonb_build_object('total', 0, 'rows', v_rows);
  END IF;
  IF p_user_types IS NOT NULL AND cardinality(p_user_types) > 0 THEN
    v_where := v_where || ' AND u.user_type = ANY ($2)';
  END IF;
  IF v_keyword IS NOT NULL THEN
    v_pattern := '%' || replace(replace(replace(v_keyword, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    IF char_length(v_keyword) >= 3 THEN
      v_where := v_where || ' AND (u.name || '' '' || u.username || '' '' || u.user_no) ILIKE $3';
    ELSE
      v_where := v_where || ' AND ((regexp_split_to_array(lower(u.name), '''') @> $4 AND strpos(lower(u.name), $12) > 0)'
                         || ' OR u.username = $11 OR u.user_no = $11)';
    END IF;
  END IF;
  IF p_campus_id IS NOT NULL THEN
    v_where := v_where || ' AND u.campus_id = $5';
  END IF;
  IF p_campus_code IS NOT NULL THEN
    v_where := v_where || ' AND u.campus_id = (SELECT c.id FROM campuses c WHERE c.tenant_id = $1 AND c.code = $6)';
  END IF;
  IF p_org_code IS NOT NULL THEN
    IF p_org_only THEN
      v_where := v_where || ' AND u.org_unit_id = (SELECT o.id FROM org_units o WHERE o.tenant_id = $1 AND o.code = $7)';
    ELSE
      v_where := v_where || ' AND u.org_unit_id IN (WITH RECURSIVE below AS (
          SELECT o.id FROM org_units o WHERE o.tenant_id = $1 AND o.code = $7
          UNION ALL
          SELECT c.id FROM org_units c JOIN below b ON c.tenant_id = $1 AND c.parent_id = b.id
        ) SELECT id FROM below)';
    END IF;
  END IF;
  IF p_user_no IS NOT NULL THEN
    v_where := v_where || ' AND u.user_no = $8';
  END IF;

  IF v_keyword IS NOT NULL OR p_user_no IS NOT NULL THEN
    -- Selective: one pass over the matches (found by the keyword's index) gives the page and the total.
    EXECUTE 'SELECT coalesce(max(p.total), 0), coalesce(jsonb_agg(jsonb_build_object(
                 ''id'', p.id, ''name'', p.name, ''username'', p.username, ''user_no'', p.user_no,
                 ''user_type'', p.user_type, ''org_name'', o.name) ORDER BY p.user_type, p.user_no, p.id)
               FILTER (WHERE p.id IS NOT NULL), ''[]''::jsonb)
             FROM (SELECT u.id, u.name, u.username, u.user_no, u.user_type, u.org_unit_id, count(*) OVER () AS total
                   FROM users u WHERE ' || v_where || '
                   ORDER BY (u.user_type || ''''), u.user_no, u.id LIMIT $9 OFFSET $10) p
             LEFT JOIN org_units o ON o.tenant_id = $1 AND o.id = p.org_unit_id'
      INTO v_total, v_rows
      USING v_tenant, p_user_types, v_pattern, v_chars, p_campus_id, p_campus_code, p_org_code, p_user_no, p_limit, p_offset, v_keyword, v_lower;
    IF v_total = 0 AND p_offset > 0 THEN
      -- a page beyond the last: the total still counts
      EXECUTE 'SELECT count(*) FROM users u WHERE ' || v_where
        INTO v_total
        USING v_tenant, p_user_types, v_pattern, v_chars, p_campus_id, p_campus_code, p_org_code, p_user_no, p_limit, p_offset, v_keyword, v_lower;
    END IF;
    RETURN jsonb_build_object('total', v_total, 'rows', v_rows);
  END IF;

  -- Filters only (type, campus, org): an index-only count, then the page from the order index.
  EXECUTE 'SELECT count(*) FROM users u WHERE ' || v_where
    INTO v_total
    USING v_tenant, p_user_types, v_pattern, v_chars, p_campus_id, p_campus_code, p_org_code, p_user_no, p_limit, p_offset, v_keyword, v_lower;

  -- Few matches: fetch them by the filter's index and sort (an ordered index scan would test every
  -- person of the tenant until it found a page). Many: walk the order index, matches are dense.
  v_order := CASE WHEN v_total <= 20000 THEN '(u.user_type || ''''), u.user_no, u.id' ELSE 'u.user_type, u.user_no, u.id' END;
  IF v_total > p_offset THEN
    EXECUTE 'SELECT coalesce(jsonb_agg(jsonb_build_object(
                 ''id'', p.id, ''name'', p.name, ''username'', p.username, ''user_no'', p.user_no,
                 ''user_type'', p.user_type, ''org_name'', o.name) ORDER BY p.user_type, p.user_no, p.id), ''[]''::jsonb)
             FROM (SELECT u.id, u.name, u.username, u.user_no, u.user_type, u.org_unit_id FROM users u
                   WHERE ' || v_where || '
                   ORDER BY ' || v_order || ' LIMIT $9 OFFSET $10) p
             LEFT JOIN org_units o ON o.tenant_id = $1 AND o.id = p.org_unit_id'
      INTO v_rows
      USING v_tenant, p_user_types, v_pattern, v_chars, p_campus_id, p_campus_code, p_org_code, p_user_no, p_limit, p_offset, v_keyword, v_lower;
  END IF;
  RETURN jsonb_build_object('total', v_total, 'rows', v_rows);
END
$$;
--> statement-breakpoint
ALTER FUNCTION xiaowu_people_search(text[], text, uuid, text, text, boolean, text, integer, integer) OWNER TO xiaowu_people_reader;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_people_search(text[], text, uuid, text, text, boolean, text, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION xiaowu_people_search(text[], text, uuid, text, text, boolean, text, integer, integer) TO xiaowu_app;
