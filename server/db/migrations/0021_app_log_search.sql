-- H5 (app log viewer, 用户日志): extra indexes for the log filters over millions of rows.
-- Hand-written, not in applog.table.ts.
--
-- pg_trgm ships with the embedded PostgreSQL 18, but a trigram index would not help here: under
-- row-level security (app_logs has it) PostgreSQL only uses LEAKPROOF operators as index conditions,
-- and LIKE / ILIKE are not leakproof (see 0006_people_search.sql). So the filters the indexes serve
-- are the exact and prefix ones, written with leakproof operators (=, <, >=, starts_with; the
-- collation is C, so a prefix is a byte range): IP, class (handler), failed calls / error code,
-- duration. User, address and module use the indexes of 0009. The "contains" filters (address
-- contains, parameters, operation) are checked on the rows the date range (default: today) and the
-- other filters leave; the bench (bench/app-logs.ts) says what that costs over 180 days.
-- Every index leads with tenant_id: a school's query never reads another school's entries.
CREATE INDEX IF NOT EXISTS "app_logs_ip_idx" ON "app_logs" USING btree ("tenant_id", "ip", "at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "app_logs_handler_idx" ON "app_logs" USING btree ("tenant_id", "handler", "at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- failed calls are few: small partial indexes, one in keyset order (only failed), one by code
CREATE INDEX IF NOT EXISTS "app_logs_failed_idx" ON "app_logs" USING btree ("tenant_id", "at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "error_code" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "app_logs_error_code_idx" ON "app_logs" USING btree ("tenant_id", "error_code", "at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "error_code" IS NOT NULL;
--> statement-breakpoint
-- slow calls (at least N ms) are few for the N worth asking about
CREATE INDEX IF NOT EXISTS "app_logs_duration_idx" ON "app_logs" USING btree ("tenant_id", "duration_ms");
