-- 用户日志 as an audit trail (issue 20 item 2): each row names its operation (the route's key, whose
-- zh / en names the server's route registry holds), whether it changed something or only looked, and
-- the record it concerned, captured when the call was made. Rows written before keep NULLs: the
-- viewer derives their operation from method + handler, and shows them among the changes.
ALTER TABLE app_logs ADD COLUMN operation_key text;
--> statement-breakpoint
ALTER TABLE app_logs ADD COLUMN kind text CHECK (kind IN ('change', 'read'));
--> statement-breakpoint
ALTER TABLE app_logs ADD COLUMN target text;
--> statement-breakpoint
ALTER TABLE app_logs_public ADD COLUMN operation_key text;
--> statement-breakpoint
ALTER TABLE app_logs_public ADD COLUMN kind text CHECK (kind IN ('change', 'read'));
--> statement-breakpoint
ALTER TABLE app_logs_public ADD COLUMN target text;
--> statement-breakpoint
-- The default view (changes only) walks this index newest first instead of skipping the reads,
-- which are most rows.
CREATE INDEX app_logs_change_idx ON app_logs (tenant_id, at DESC, id DESC) WHERE kind IS DISTINCT FROM 'read';
--> statement-breakpoint
-- System messages (issue 20 item 4): a message the server writes is stored as a key of
-- contracts/message-texts.ts and its parameters, rendered in the reader's language; rows written
-- before keep their stored title and content (message_key NULL).
ALTER TABLE messages ADD COLUMN message_key text;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN message_params jsonb;
