ALTER TABLE "users" ADD COLUMN "sync_error_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sync_error_params" jsonb;