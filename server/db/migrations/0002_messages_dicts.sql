CREATE TABLE "dict_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"parent_code" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"tag1" text DEFAULT '' NOT NULL,
	"tag1_note" text DEFAULT '' NOT NULL,
	"tag2" text DEFAULT '' NOT NULL,
	"tag2_note" text DEFAULT '' NOT NULL,
	"tag3" text DEFAULT '' NOT NULL,
	"tag3_note" text DEFAULT '' NOT NULL,
	"tag4" text DEFAULT '' NOT NULL,
	"tag4_note" text DEFAULT '' NOT NULL,
	"tag5" text DEFAULT '' NOT NULL,
	"tag5_note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dict_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dict_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "message_recipients_tenant_id_message_id_user_id_pk" PRIMARY KEY("tenant_id","message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sender_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "dict_entries" ADD CONSTRAINT "dict_entries_type_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."dict_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."messages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_fk" FOREIGN KEY ("tenant_id","sender_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_entries_tenant_type_code_key" ON "dict_entries" USING btree ("tenant_id","type_id","code");--> statement-breakpoint
CREATE INDEX "dict_entries_tenant_type_sort_idx" ON "dict_entries" USING btree ("tenant_id","type_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_types_tenant_code_key" ON "dict_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "message_recipients_tenant_user_status_idx" ON "message_recipients" USING btree ("tenant_id","user_id","status");