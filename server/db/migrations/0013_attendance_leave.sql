CREATE TABLE "student_leaves" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"leave_type" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "student_leaves_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance_changes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"roll_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"old_remark" text,
	"new_remark" text NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"roll_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attendance_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance_entries" (
	"tenant_id" uuid NOT NULL,
	"roll_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attendance_entries_tenant_id_roll_id_student_id_pk" PRIMARY KEY("tenant_id","roll_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_rolls" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"date" date NOT NULL,
	"semester_id" uuid NOT NULL,
	"taken_by" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attendance_rolls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "student_leaves" ADD CONSTRAINT "student_leaves_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_changes" ADD CONSTRAINT "attendance_changes_roll_fk" FOREIGN KEY ("tenant_id","roll_id") REFERENCES "public"."attendance_rolls"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_changes" ADD CONSTRAINT "attendance_changes_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_changes" ADD CONSTRAINT "attendance_changes_changed_by_fk" FOREIGN KEY ("tenant_id","changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_roll_fk" FOREIGN KEY ("tenant_id","roll_id") REFERENCES "public"."attendance_rolls"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rolls" ADD CONSTRAINT "attendance_rolls_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rolls" ADD CONSTRAINT "attendance_rolls_semester_fk" FOREIGN KEY ("tenant_id","semester_id") REFERENCES "public"."semesters"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rolls" ADD CONSTRAINT "attendance_rolls_taken_by_fk" FOREIGN KEY ("tenant_id","taken_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_leaves_tenant_student_idx" ON "student_leaves" USING btree ("tenant_id","student_id","starts_at");--> statement-breakpoint
CREATE INDEX "attendance_changes_tenant_roll_idx" ON "attendance_changes" USING btree ("tenant_id","roll_id");--> statement-breakpoint
CREATE INDEX "attendance_entries_tenant_student_idx" ON "attendance_entries" USING btree ("tenant_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_rolls_tenant_class_date_key" ON "attendance_rolls" USING btree ("tenant_id","class_id","date");--> statement-breakpoint
CREATE INDEX "attendance_rolls_tenant_date_idx" ON "attendance_rolls" USING btree ("tenant_id","date");--> statement-breakpoint
-- Hand-written: row-level security on the attendance and leave tables.
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY['student_leaves', 'attendance_rolls', 'attendance_entries', 'attendance_changes']) AS t;
