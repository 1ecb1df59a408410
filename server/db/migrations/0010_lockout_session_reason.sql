ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
-- Why the session of a token ended, when it was revoked (null: unknown token, expired, or still live).
-- Lets an ended session answer 50012 "logged in elsewhere" rather than 90001 (XIAOWU_SINGLE_SESSION).
-- Reveals only a reason word, and only to the holder of the token.
CREATE OR REPLACE FUNCTION xiaowu_session_end_reason(p_token_hash text)
RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
  SELECT s.revoke_reason
  FROM public.sessions s
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NOT NULL
  LIMIT 1
$$;
--> statement-breakpoint
ALTER FUNCTION xiaowu_session_end_reason(text) OWNER TO xiaowu_session_reader;
--> statement-breakpoint
REVOKE ALL ON FUNCTION xiaowu_session_end_reason(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION xiaowu_session_end_reason(text) TO xiaowu_app;
