CREATE TABLE "account_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"parent_prefix" text DEFAULT 'P' NOT NULL,
	"student_no_template" text DEFAULT '{year}{gender}{campus}{serial:3}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_card_layouts" (
	"tenant_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"cards" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "home_card_layouts_tenant_id_role_id_pk" PRIMARY KEY("tenant_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "role_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "role_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "deployment_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"record_number" text,
	"request_encryption" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_runtime_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"login_title" text DEFAULT '' NOT NULL,
	"login_footer" text DEFAULT '' NOT NULL,
	"page_title" text DEFAULT '' NOT NULL,
	"public_origin" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_prompts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scene" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ai_prompts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "apk_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"version_name" text NOT NULL,
	"version_code" integer NOT NULL,
	"file_id" text DEFAULT '' NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "apk_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
DROP INDEX "app_logs_at_idx";--> statement-breakpoint
ALTER TABLE "org_units" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_initialized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "filter_kind" text DEFAULT 'select' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "filter_params" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "members_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "members_error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "home_card_layouts" ADD CONSTRAINT "home_card_layouts_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "role_categories_tenant_code_key" ON "role_categories" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_prompts_tenant_code_key" ON "ai_prompts" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "apk_versions_tenant_code_key" ON "apk_versions" USING btree ("tenant_id","version_code");--> statement-breakpoint
CREATE INDEX "app_logs_at_idx" ON "app_logs" USING btree ("tenant_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written: row-level security on the new tenant tables; the global deployment settings row.
SELECT xiaowu_protect_tenant_table(t::regclass)
FROM unnest(ARRAY['account_settings', 'home_card_layouts', 'role_categories', 'tenant_runtime_settings', 'ai_prompts', 'apk_versions']) AS t;
--> statement-breakpoint
INSERT INTO deployment_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
GRANT SELECT, UPDATE ON deployment_settings TO xiaowu_app;
