ALTER TABLE "line_import_rows" ADD COLUMN "entry" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restriction_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "entry_extra" jsonb;