-- Hand-written (issue 18): the login role of the app's connection pool. The server logs in as
-- xiaowu_server (server/db/app-login.ts sets its password at start), never as the owner: a plain
-- role that owns nothing and may not create roles, databases or objects in public; it reaches data
-- only through SET LOCAL ROLE xiaowu_app (row-level security) and the security-definer functions
-- granted to that role. Migrations and set-up keep running as the owner (DATABASE_URL).
-- An operator may give a login role of their own instead (XIAOWU_APP_DATABASE_URL): the server
-- grants it xiaowu_app at start and refuses one with more rights.
-- Roles are cluster-wide: created only when missing (two databases migrating at once may race).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'xiaowu_server') THEN
    CREATE ROLE xiaowu_server LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION INHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- SET ROLE xiaowu_app per request (and, through it, xiaowu_role_filter in the dynamic-role sandbox)
GRANT xiaowu_app TO xiaowu_server;
--> statement-breakpoint
-- PostgreSQL 15+ makes new databases this way; a database made by an older one keeps PUBLIC's right
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
--> statement-breakpoint
-- What a start changes on a login role (server/db/app-login.ts), names and the SCRAM verifier as
-- parameters (DDL takes none). Run as the owner: nobody else may call them.
CREATE OR REPLACE FUNCTION xiaowu_set_login_password(p_role name, p_verifier text) RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog
AS $$
BEGIN
  EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L', p_role, p_verifier);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_set_login_password(name, text) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION xiaowu_grant_app_role(p_role name) RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog
AS $$
BEGIN
  EXECUTE format('GRANT xiaowu_app TO %I', p_role);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_grant_app_role(name) FROM PUBLIC;
