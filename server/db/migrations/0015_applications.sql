CREATE TABLE "application_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"action" text NOT NULL,
	"step" integer,
	"actor_id" uuid NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "application_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"submitted_by" uuid NOT NULL,
	"org_unit_id" uuid,
	"leave_type" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"days" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"cancel_state" text DEFAULT 'not_cancelled' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"verify_code" text,
	"semester_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "audit_flows" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"leave_type" text DEFAULT '' NOT NULL,
	"min_days" integer DEFAULT 0 NOT NULL,
	"steps" jsonb NOT NULL,
	"deadline_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "audit_flows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "blocked_periods" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "blocked_periods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "school_info" ADD COLUMN "seal" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_fk" FOREIGN KEY ("tenant_id","actor_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_fk" FOREIGN KEY ("tenant_id","applicant_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_submitted_by_fk" FOREIGN KEY ("tenant_id","submitted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_org_unit_fk" FOREIGN KEY ("tenant_id","org_unit_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_semester_fk" FOREIGN KEY ("tenant_id","semester_id") REFERENCES "public"."semesters"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_tenant_application_idx" ON "application_events" USING btree ("tenant_id","application_id","at");--> statement-breakpoint
CREATE INDEX "application_events_tenant_actor_idx" ON "application_events" USING btree ("tenant_id","actor_id","at");--> statement-breakpoint
CREATE INDEX "applications_tenant_applicant_idx" ON "applications" USING btree ("tenant_id","applicant_id","starts_at");--> statement-breakpoint
CREATE INDEX "applications_tenant_kind_state_idx" ON "applications" USING btree ("tenant_id","kind","state","created_at");--> statement-breakpoint
CREATE INDEX "applications_tenant_submitted_by_idx" ON "applications" USING btree ("tenant_id","submitted_by");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_tenant_verify_code_key" ON "applications" USING btree ("tenant_id","verify_code");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_flows_tenant_kind_type_days_key" ON "audit_flows" USING btree ("tenant_id","kind","leave_type","min_days");--> statement-breakpoint
CREATE INDEX "blocked_periods_tenant_starts_idx" ON "blocked_periods" USING btree ("tenant_id","starts_at");--> statement-breakpoint
-- Hand-written: row-level security on the application tables.
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY['applications', 'application_events', 'audit_flows', 'blocked_periods']) AS t;
--> statement-breakpoint
-- Hand-written: student_leaves (dropped by 0016) become student_leave applications, filed under the
-- student's current class (the head-teacher step needs it). A cancelled leave was never on the roll:
-- it becomes approved and cancelled at its own start (a zero-length leave the roll skips). Days are
-- counted in the school's zone (a POSIX '+08:00' would be UTC-8). Who filed it is not known: the student.
INSERT INTO "applications" ("tenant_id", "id", "kind", "applicant_id", "submitted_by", "org_unit_id", "leave_type", "starts_at", "ends_at", "days", "reason",
                            "state", "steps", "submitted_at", "decided_at", "deadline_at", "cancel_state", "cancelled_at",
                            "created_at", "updated_at", "created_by", "updated_by", "version")
SELECT l."tenant_id", l."id", 'student_leave', l."student_id", l."student_id", s."org_unit_id", l."leave_type", l."starts_at", l."ends_at",
       GREATEST(0, (l."ends_at" AT TIME ZONE 'Asia/Shanghai')::date - (l."starts_at" AT TIME ZONE 'Asia/Shanghai')::date + 1), l."reason",
       CASE l."state" WHEN 'cancelled' THEN 'approved' ELSE l."state" END, '[{"kind":"head_teacher"}]'::jsonb, l."created_at",
       CASE WHEN l."state" = 'pending' THEN NULL ELSE l."updated_at" END, l."ends_at" + interval '7 days',
       CASE l."state" WHEN 'cancelled' THEN 'cancelled' ELSE 'not_cancelled' END,
       CASE l."state" WHEN 'cancelled' THEN l."starts_at" END,
       l."created_at", l."updated_at", l."created_by", l."updated_by", l."version"
FROM "student_leaves" l
LEFT JOIN "users" s ON s."tenant_id" = l."tenant_id" AND s."id" = l."student_id";
