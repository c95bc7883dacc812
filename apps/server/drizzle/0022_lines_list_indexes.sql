-- Altered rather than rebuilt: the same index, its pending list merged once and not kept again.
ALTER INDEX "users_search_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_trgm_idx');--> statement-breakpoint
CREATE INDEX "users_trial_idx" ON "users" USING btree ("id") WHERE "users"."is_trial";--> statement-breakpoint
CREATE INDEX "users_owner_trial_idx" ON "users" USING btree ("owner_id","id") WHERE "users"."is_trial";
