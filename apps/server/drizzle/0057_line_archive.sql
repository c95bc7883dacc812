ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restored_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_archived_idx" ON "users" USING btree ("archived_at","id") WHERE "users"."archived_at" is not null;