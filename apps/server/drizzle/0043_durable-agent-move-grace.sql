ALTER TABLE "cccam_servers" ADD COLUMN "agent_id" text;--> statement-breakpoint
ALTER TABLE "line_bulk_items" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "cccam_servers_agent_id_idx" ON "cccam_servers" USING btree ("agent_id");