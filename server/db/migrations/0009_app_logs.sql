CREATE TABLE "app_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"url" text NOT NULL,
	"ip" text NOT NULL,
	"method" text NOT NULL,
	"handler" text NOT NULL,
	"params" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"module" text NOT NULL,
	"operation" text NOT NULL,
	"client_type" text NOT NULL,
	"error_code" integer,
	"error_message" text,
	"system_name" text NOT NULL,
	CONSTRAINT "app_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "app_logs_public" (
	"id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"url" text NOT NULL,
	"ip" text NOT NULL,
	"method" text NOT NULL,
	"handler" text NOT NULL,
	"params" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"module" text NOT NULL,
	"operation" text NOT NULL,
	"client_type" text NOT NULL,
	"error_code" integer,
	"error_message" text,
	"system_name" text NOT NULL,
	CONSTRAINT "app_logs_public_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE INDEX "app_logs_at_idx" ON "app_logs" USING btree ("tenant_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_logs_user_idx" ON "app_logs" USING btree ("tenant_id","user_id","at" DESC NULLS LAST) WHERE "app_logs"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "app_logs_url_idx" ON "app_logs" USING btree ("tenant_id","url","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_logs_module_idx" ON "app_logs" USING btree ("tenant_id","module","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_logs_public_at_idx" ON "app_logs_public" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written: row-level security on the tenant app log; the app role may add and read rows, never
-- change or remove them (retention, later, runs as the owner).
SELECT xiaowu_protect_tenant_table('app_logs'::regclass);
--> statement-breakpoint
REVOKE UPDATE, DELETE ON app_logs FROM xiaowu_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON app_logs_public TO xiaowu_app;
