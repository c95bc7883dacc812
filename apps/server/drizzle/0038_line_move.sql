ALTER TABLE "cccam_servers" ADD COLUMN "hostname" text;--> statement-breakpoint
ALTER TABLE "line_bulk_items" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "line_bulk_items" ADD COLUMN "from_server_id" integer;--> statement-breakpoint
ALTER TABLE "line_bulk_items" ADD COLUMN "address_changed" boolean;