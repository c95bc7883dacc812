CREATE TABLE "expiry_reminders" (
	"line_id" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"owner_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expiry_reminders_line_id_expiry_date_pk" PRIMARY KEY("line_id","expiry_date")
);
--> statement-breakpoint
ALTER TABLE "expiry_reminders" ADD CONSTRAINT "expiry_reminders_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expiry_reminders_sent_idx" ON "expiry_reminders" USING btree ("sent_at");