ALTER TABLE "line_sync_outbox" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_sync_outbox" ADD COLUMN "lease_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "line_sync_outbox_key_idx" ON "line_sync_outbox" USING btree ("server_id","username");