CREATE TABLE "trial_line_usage" (
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trial_line_usage" ADD CONSTRAINT "trial_line_usage_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_line_usage_account_day_idx" ON "trial_line_usage" USING btree ("account_id","day");