-- Hand-written (issue 23 item 5: 毕业管理). A graduation is a dated record per student (at most one:
-- a held-back student's graduation is removed, and they graduate again later); a hold back (留级) is a
-- record of its own. Drizzle: server/modules/graduations/graduations.table.ts.
CREATE TABLE "graduations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"graduation_year" integer NOT NULL,
	"class_id" uuid NOT NULL,
	"graduated_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "graduations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "graduations_year_check" CHECK ("graduations"."graduation_year" BETWEEN 1900 AND 2200)
);
--> statement-breakpoint
ALTER TABLE "graduations" ADD CONSTRAINT "graduations_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduations" ADD CONSTRAINT "graduations_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graduations_tenant_student_key" ON "graduations" USING btree ("tenant_id","student_id");--> statement-breakpoint
CREATE INDEX "graduations_tenant_year_idx" ON "graduations" USING btree ("tenant_id","graduation_year","class_id");--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('graduations'::regclass);
--> statement-breakpoint
CREATE TABLE "graduation_holdbacks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"from_class_id" uuid NOT NULL,
	"to_class_id" uuid NOT NULL,
	"held_on" date NOT NULL,
	"undid_graduation" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "graduation_holdbacks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "graduation_holdbacks_reason_check" CHECK (char_length("graduation_holdbacks"."reason") <= 200),
	CONSTRAINT "graduation_holdbacks_classes_check" CHECK ("graduation_holdbacks"."from_class_id" <> "graduation_holdbacks"."to_class_id")
);
--> statement-breakpoint
ALTER TABLE "graduation_holdbacks" ADD CONSTRAINT "graduation_holdbacks_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_holdbacks" ADD CONSTRAINT "graduation_holdbacks_from_class_fk" FOREIGN KEY ("tenant_id","from_class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_holdbacks" ADD CONSTRAINT "graduation_holdbacks_to_class_fk" FOREIGN KEY ("tenant_id","to_class_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graduation_holdbacks_tenant_student_idx" ON "graduation_holdbacks" USING btree ("tenant_id","student_id","held_on");--> statement-breakpoint
SELECT xiaowu_protect_tenant_table('graduation_holdbacks'::regclass);
