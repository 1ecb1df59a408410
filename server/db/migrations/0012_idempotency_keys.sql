CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_tenant_created_idx" ON "idempotency_keys" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Hand-written: row-level security on the operation ids of replayable writes (plugins/idempotency.ts).
SELECT xiaowu_protect_tenant_table('idempotency_keys'::regclass);
