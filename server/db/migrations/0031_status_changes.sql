-- 学籍异动 (issue 23 item 4): status changes as dated, audited events. A change is an application of
-- kind 'status_change' (the audit engine, its flows and trail: server/modules/applications) and this
-- row (same id) says what it changes: the type, the classes, the date it takes effect and when its
-- effect was applied. Each type has its effective flag per school (SPEC §4): an approved change of a
-- type whose flag is off is kept as a record and changes nothing.
CREATE TABLE "status_change_types" (
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"effective" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "status_change_types_tenant_id_code_pk" PRIMARY KEY("tenant_id","code"),
	CONSTRAINT "status_change_types_code_check" CHECK ("status_change_types"."code" IN ('insert', 'transfer_out', 'suspend', 'resume', 'class_change'))
);
--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('status_change_types'::regclass);
--> statement-breakpoint
CREATE TABLE "status_changes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"change_type" text NOT NULL,
	"effective" boolean NOT NULL,
	"from_class_id" uuid,
	"to_class_id" uuid,
	"effective_date" date NOT NULL,
	"applied_on" date,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "status_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "status_changes_type_check" CHECK ("status_changes"."change_type" IN ('insert', 'transfer_out', 'suspend', 'resume', 'class_change')),
	-- into a class (插班, 复学, 转班): the class named; out of one (转出, 休学): none
	CONSTRAINT "status_changes_target_check" CHECK (("status_changes"."change_type" IN ('insert', 'resume', 'class_change')) = ("status_changes"."to_class_id" IS NOT NULL)),
	CONSTRAINT "status_changes_applied_check" CHECK (("status_changes"."applied_on" IS NULL) = ("status_changes"."applied_at" IS NULL) AND ("status_changes"."applied_on" IS NULL OR "status_changes"."applied_on" >= "status_changes"."effective_date"))
);
--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_application_fk" FOREIGN KEY ("tenant_id","id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_from_class_fk" FOREIGN KEY ("tenant_id","from_class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_to_class_fk" FOREIGN KEY ("tenant_id","to_class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_type_fk" FOREIGN KEY ("tenant_id","change_type") REFERENCES "public"."status_change_types"("tenant_id","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_changes_tenant_student_idx" ON "status_changes" USING btree ("tenant_id","student_id","effective_date");--> statement-breakpoint
-- what the sweep looks for: approved effective changes not applied yet, by date
CREATE INDEX "status_changes_tenant_due_idx" ON "status_changes" USING btree ("tenant_id","effective_date") WHERE "status_changes"."applied_on" IS NULL AND "status_changes"."effective";--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('status_changes'::regclass);
--> statement-breakpoint
-- the change that opened or closed a class membership (0029 left the column for this table)
ALTER TABLE "class_memberships" ADD CONSTRAINT "class_memberships_status_change_fk" FOREIGN KEY ("tenant_id","status_change_id") REFERENCES "public"."status_changes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing schools: the five types (effective), and 教务处 audits 学籍异动 (server/db/seed/menus.ts grants the same)
DO $$
DECLARE
  v_tenant uuid;
BEGIN
  FOR v_tenant IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', v_tenant::text, true);
    INSERT INTO status_change_types (tenant_id, code)
    SELECT v_tenant, c.code FROM (VALUES ('insert'), ('transfer_out'), ('suspend'), ('resume'), ('class_change')) AS c(code)
    ON CONFLICT DO NOTHING;
    INSERT INTO role_menus (tenant_id, role_id, menu_id)
    SELECT v_tenant, r.id, m.id FROM roles r JOIN menus m ON m.tenant_id = r.tenant_id AND m.perms && ARRAY['xjyd', 'xjyd_audit', 'xjyd_export']
    WHERE r.tenant_id = v_tenant AND r.code = 'teaching_office'
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;
