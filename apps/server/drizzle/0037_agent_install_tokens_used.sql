CREATE TABLE "agent_install_tokens_used" (
	"token_id" text PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_install_tokens_used" ADD CONSTRAINT "agent_install_tokens_used_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_install_tokens_used_expires_idx" ON "agent_install_tokens_used" USING btree ("expires_at");