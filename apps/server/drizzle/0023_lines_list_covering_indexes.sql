-- The status and expiry columns after the id: the status sort and the default order skip non-matching
-- lines inside the index instead of reading the table for each (see lines.schema.ts).
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "users_enabled_idx";--> statement-breakpoint
DROP INDEX "users_owner_created_idx";--> statement-breakpoint
DROP INDEX "users_owner_enabled_idx";--> statement-breakpoint
DROP INDEX "users_trial_idx";--> statement-breakpoint
DROP INDEX "users_owner_trial_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id","expiry_date","enabled","is_trial");--> statement-breakpoint
CREATE INDEX "users_enabled_idx" ON "users" USING btree ("enabled","id","expiry_date","is_trial");--> statement-breakpoint
CREATE INDEX "users_owner_created_idx" ON "users" USING btree ("owner_id","created_at","id","expiry_date","enabled","is_trial");--> statement-breakpoint
CREATE INDEX "users_owner_enabled_idx" ON "users" USING btree ("owner_id","enabled","id","expiry_date","is_trial");--> statement-breakpoint
CREATE INDEX "users_trial_idx" ON "users" USING btree ("id","enabled","expiry_date") WHERE "users"."is_trial";--> statement-breakpoint
CREATE INDEX "users_owner_trial_idx" ON "users" USING btree ("owner_id","id","enabled","expiry_date") WHERE "users"."is_trial";