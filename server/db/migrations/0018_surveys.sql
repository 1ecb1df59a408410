CREATE TABLE "questionnaires" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"audience" text NOT NULL,
	"target" jsonb DEFAULT '{"userIds":[],"orgIds":[],"roleCodes":[]}'::jsonb NOT NULL,
	"anonymous" boolean DEFAULT true NOT NULL,
	"once_per" text DEFAULT 'device' NOT NULL,
	"in_use" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "questionnaires_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"respondent_id" uuid,
	"once_key" text NOT NULL,
	"org_unit_id" uuid,
	"values" jsonb NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "survey_answers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "survey_bank" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"question" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "survey_bank_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_id") REFERENCES "public"."questionnaires"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_respondent_fk" FOREIGN KEY ("tenant_id","respondent_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_org_unit_fk" FOREIGN KEY ("tenant_id","org_unit_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaires_tenant_published_idx" ON "questionnaires" USING btree ("tenant_id","published","ends_at");--> statement-breakpoint
CREATE INDEX "questionnaires_tenant_created_by_idx" ON "questionnaires" USING btree ("tenant_id","created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_once_key" ON "survey_answers" USING btree ("tenant_id","questionnaire_id","once_key");--> statement-breakpoint
CREATE INDEX "survey_answers_tenant_questionnaire_idx" ON "survey_answers" USING btree ("tenant_id","questionnaire_id","submitted_at");--> statement-breakpoint
CREATE INDEX "survey_bank_tenant_kind_idx" ON "survey_bank" USING btree ("tenant_id","kind","category");--> statement-breakpoint
-- Hand-written: row-level security on the survey tables.
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY['questionnaires', 'survey_answers', 'survey_bank']) AS t;
