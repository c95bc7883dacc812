ALTER TABLE "auth_users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "staff_scope_id" text;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_staff_role" CHECK ("auth_users"."staff_role" in ('support', 'billing', 'operations'));