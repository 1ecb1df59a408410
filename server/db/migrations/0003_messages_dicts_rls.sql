-- Hand-written: row-level security on the message and dictionary tables (0002), and the value
-- checks Drizzle's text enums do not write.
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY['dict_types', 'dict_entries', 'messages', 'message_recipients']) AS t;
--> statement-breakpoint
ALTER TABLE dict_types ADD CONSTRAINT dict_types_status_check CHECK (status IN ('0', '1'));
--> statement-breakpoint
ALTER TABLE dict_entries ADD CONSTRAINT dict_entries_status_check CHECK (status IN ('0', '1'));
--> statement-breakpoint
ALTER TABLE dict_entries ADD CONSTRAINT dict_entries_dates_check CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date);
--> statement-breakpoint
ALTER TABLE message_recipients ADD CONSTRAINT message_recipients_status_check
  CHECK ((status = '0' AND read_at IS NULL) OR (status = '1' AND read_at IS NOT NULL));
