CREATE TABLE "expiry_reminder_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expiry_reminders" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "expiry_reminder_batches" ADD CONSTRAINT "expiry_reminder_batches_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expiry_reminder_batches_owner_idx" ON "expiry_reminder_batches" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "expiry_reminders_batch_idx" ON "expiry_reminders" USING btree ("batch_id");