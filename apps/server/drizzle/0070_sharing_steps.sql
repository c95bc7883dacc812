ALTER TABLE "line_presence" ADD COLUMN "sharing_ladder" jsonb;--> statement-breakpoint
ALTER TABLE "line_plans" ADD COLUMN "sharing_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sharing_oscam" jsonb;