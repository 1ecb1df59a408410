CREATE TABLE "exam_batches" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"semester_id" uuid NOT NULL,
	"name" text NOT NULL,
	"grade_ids" uuid[] NOT NULL,
	"subjects" text[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"regular" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "exam_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "score_bands" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"name" text NOT NULL,
	"conversion_score" integer NOT NULL,
	"min_score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "score_bands_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "score_systems" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"grade_ids" uuid[] NOT NULL,
	"subjects" text[] NOT NULL,
	"full_mark" integer NOT NULL,
	"excellent_line" numeric(5, 2) NOT NULL,
	"pass_line" numeric(5, 2) NOT NULL,
	"ratio" numeric(4, 3) DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "score_systems_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "score_changes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"sheet_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"old_score" numeric(5, 2),
	"old_mark" text,
	"new_score" numeric(5, 2),
	"new_mark" text NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "score_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "score_sheets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "score_sheets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"tenant_id" uuid NOT NULL,
	"sheet_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"score" numeric(5, 2),
	"mark" text DEFAULT '' NOT NULL,
	"entered_by" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "scores_tenant_id_sheet_id_student_id_pk" PRIMARY KEY("tenant_id","sheet_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "org_units" ADD COLUMN "graduated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-edited: existing semesters get year and teaching dates from their working dates before NOT NULL.
ALTER TABLE "semesters" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "semesters" ADD COLUMN "teach_start_date" date;--> statement-breakpoint
ALTER TABLE "semesters" ADD COLUMN "teach_end_date" date;--> statement-breakpoint
UPDATE "semesters" s SET "year" = extract(year FROM y."start_date")::int, "teach_start_date" = s."start_date", "teach_end_date" = s."end_date"
FROM "school_years" y WHERE y."tenant_id" = s."tenant_id" AND y."id" = s."school_year_id";--> statement-breakpoint
ALTER TABLE "semesters" ALTER COLUMN "year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "semesters" ALTER COLUMN "teach_start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "semesters" ALTER COLUMN "teach_end_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD CONSTRAINT "exam_batches_semester_fk" FOREIGN KEY ("tenant_id","semester_id") REFERENCES "public"."semesters"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD CONSTRAINT "exam_batches_published_by_fk" FOREIGN KEY ("tenant_id","published_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_bands" ADD CONSTRAINT "score_bands_system_fk" FOREIGN KEY ("tenant_id","system_id") REFERENCES "public"."score_systems"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_systems" ADD CONSTRAINT "score_systems_batch_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."exam_batches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_sheet_fk" FOREIGN KEY ("tenant_id","sheet_id") REFERENCES "public"."score_sheets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_changed_by_fk" FOREIGN KEY ("tenant_id","changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_batch_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."exam_batches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_submitted_by_fk" FOREIGN KEY ("tenant_id","submitted_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_sheet_fk" FOREIGN KEY ("tenant_id","sheet_id") REFERENCES "public"."score_sheets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_entered_by_fk" FOREIGN KEY ("tenant_id","entered_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_batches_tenant_semester_name_key" ON "exam_batches" USING btree ("tenant_id","semester_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "score_bands_tenant_system_name_key" ON "score_bands" USING btree ("tenant_id","system_id","name");--> statement-breakpoint
CREATE INDEX "score_bands_tenant_system_idx" ON "score_bands" USING btree ("tenant_id","system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_systems_tenant_batch_name_key" ON "score_systems" USING btree ("tenant_id","batch_id","name");--> statement-breakpoint
CREATE INDEX "score_changes_tenant_sheet_idx" ON "score_changes" USING btree ("tenant_id","sheet_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_sheets_tenant_batch_class_subject_key" ON "score_sheets" USING btree ("tenant_id","batch_id","class_id","subject");--> statement-breakpoint
CREATE INDEX "scores_tenant_student_idx" ON "scores" USING btree ("tenant_id","student_id");--> statement-breakpoint
-- Hand-written: row-level security on the exam and score tables.
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY['exam_batches', 'score_systems', 'score_bands', 'score_sheets', 'scores', 'score_changes']) AS t;
