ALTER TABLE "auth_users" ADD COLUMN "portal_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "portal_contact" text DEFAULT '' NOT NULL;