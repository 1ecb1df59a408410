-- Hand-written: the application role, row-level security on every tenant table, and the
-- SECURITY DEFINER function that finds a session before the tenant is known.
--
-- Roles are cluster-wide (several databases may share them, e.g. test databases), so they are
-- created only when missing. The connecting user must be able to create roles (superuser, or
-- CREATEROLE on an external server) or the roles must exist beforehand.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'xiaowu_app') THEN
    -- What every request runs as (SET LOCAL ROLE): no login, no superuser, never bypasses RLS.
    CREATE ROLE xiaowu_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'xiaowu_session_reader') THEN
    -- Owns xiaowu_resolve_session(): may read every tenant's sessions, nothing else.
    CREATE ROLE xiaowu_session_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
GRANT xiaowu_app TO CURRENT_USER;
--> statement-breakpoint
GRANT xiaowu_session_reader TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO xiaowu_app, xiaowu_session_reader;
--> statement-breakpoint
-- Global tables: the app role reads schools and keys, and keeps captcha and login-failure records.
GRANT SELECT ON tenants, security_keys TO xiaowu_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON captchas, login_failures TO xiaowu_app;
--> statement-breakpoint
-- Every tenant-owned table goes through this: RLS enabled and forced (the owner is bound too,
-- unless superuser), one policy comparing tenant_id with the transaction's app.tenant_id, DML for
-- the app role. An unset app.tenant_id matches nothing. Later migrations call it for new tables.
CREATE OR REPLACE FUNCTION xiaowu_protect_tenant_table(p_table regclass) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', p_table);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', p_table);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', p_table);
  EXECUTE format(
    $f$CREATE POLICY tenant_isolation ON %s
         USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)
         WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)$f$,
    p_table);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO xiaowu_app', p_table);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_protect_tenant_table(regclass) FROM PUBLIC;
--> statement-breakpoint
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY[
  'school_info', 'campuses', 'org_units', 'school_years', 'semesters',
  'users', 'parent_students', 'staff_duties',
  'menus', 'roles', 'role_menus', 'user_roles',
  'sessions', 'password_policies', 'i18n_entries'
]) AS t;
--> statement-breakpoint
GRANT SELECT ON sessions TO xiaowu_session_reader;
--> statement-breakpoint
CREATE POLICY session_resolver ON sessions FOR SELECT TO xiaowu_session_reader USING (true);
--> statement-breakpoint
-- Finds a live session by token hash (current token, or the replaced one during its grace period).
-- Runs as xiaowu_session_reader, so the caller (the app role) needs no access to other tenants.
-- Ages are computed here, on the database clock, so app and database clocks never get compared.
CREATE OR REPLACE FUNCTION xiaowu_resolve_session(p_token_hash text)
RETURNS TABLE (
  tenant_id uuid,
  session_id uuid,
  user_id uuid,
  via_previous_token boolean,
  token_age_seconds double precision,
  idle_seconds double precision,
  expires_in_seconds double precision
)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
  SELECT s.tenant_id, s.id, s.user_id,
         s.token_hash <> p_token_hash,
         extract(epoch FROM now() - s.token_issued_at)::double precision,
         extract(epoch FROM now() - s.last_seen_at)::double precision,
         extract(epoch FROM s.expires_at - now())::double precision
  FROM public.sessions s
  WHERE (s.token_hash = p_token_hash
         OR (s.previous_token_hash = p_token_hash AND s.previous_valid_until > now()))
    AND s.revoked_at IS NULL
    AND s.expires_at > now()
  LIMIT 1
$$;
--> statement-breakpoint
-- A non-superuser can hand a function to a role only if that role may create in the schema.
GRANT CREATE ON SCHEMA public TO xiaowu_session_reader;
--> statement-breakpoint
ALTER FUNCTION xiaowu_resolve_session(text) OWNER TO xiaowu_session_reader;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_resolve_session(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION xiaowu_resolve_session(text) TO xiaowu_app;
