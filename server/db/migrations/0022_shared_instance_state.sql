-- Hand-written (issue 18 §4): state that several server instances on one database must share.
--
-- Rate-limit counters of public calls (plugins/rate-limit.ts). Global, not tenant-owned, like
-- login_failures: the limit is checked before the school is known, and one address or device
-- calls several schools (a parent with children in two schools, a carrier NAT). UNLOGGED: a
-- counter is worth nothing after a crash (the windows are minutes long), so it costs no WAL and is
-- not shipped to replicas; a crash resets the windows, the same as restarting one instance used to.
-- One row per (limit, address or device), its window anchored at the first call of the window.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX rate_limit_counters_window_ends_idx ON rate_limit_counters (window_ends_at);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_counters TO xiaowu_app;
--> statement-breakpoint
-- The shared schedule of background sweeps (db/sweep.ts): a sweep is due when its last finished
-- run is older than its interval, wherever it ran; the instance that takes its advisory lock runs
-- it. Global: a sweep walks every school. A run that never finished (its instance stopped) leaves
-- last_finished_at as it was, so the sweep stays due and the next tick of any instance runs it.
CREATE TABLE sweeps (
  name text PRIMARY KEY,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  -- host:pid of the instance that ran it last
  last_instance text NOT NULL DEFAULT '',
  -- finished runs, ever
  runs bigint NOT NULL DEFAULT 0,
  last_error text NOT NULL DEFAULT ''
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON sweeps TO xiaowu_app;
