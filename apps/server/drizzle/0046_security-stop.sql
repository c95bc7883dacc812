CREATE TABLE "portal_sign_outs" (
	"cookie_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_install_tokens_used" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD COLUMN "chat_name" text;--> statement-breakpoint
CREATE INDEX "portal_sign_outs_expires_idx" ON "portal_sign_outs" USING btree ("expires_at");