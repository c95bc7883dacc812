ALTER TABLE "messages" ADD COLUMN "text_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "text_params" jsonb;