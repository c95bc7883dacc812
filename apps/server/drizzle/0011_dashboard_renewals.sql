ALTER TABLE "line_events" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "line_events" ADD CONSTRAINT "line_events_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- History written before this column: the line's current owner is the best we know.
UPDATE "line_events" SET "owner_id" = "users"."owner_id" FROM "users" WHERE "users"."id" = "line_events"."line_id";--> statement-breakpoint
CREATE INDEX "line_events_renewed_idx" ON "line_events" USING btree ("created_at") WHERE "line_events"."action" = 'renewed';--> statement-breakpoint
CREATE INDEX "line_events_owner_renewed_idx" ON "line_events" USING btree ("owner_id","created_at") WHERE "line_events"."action" = 'renewed';