CREATE TABLE "request_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_nonces_expires_idx" ON "request_nonces" USING btree ("expires_at");--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON request_nonces TO xiaowu_app;
