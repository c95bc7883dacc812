CREATE TABLE "customer_expiry_reminders" (
	"line_id" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_expiry_reminders_line_id_expiry_date_pk" PRIMARY KEY("line_id","expiry_date")
);
--> statement-breakpoint
CREATE TABLE "line_renewal_requests" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "customer_reminder_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customer_expiry_reminders" ADD CONSTRAINT "customer_expiry_reminders_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_renewal_requests" ADD CONSTRAINT "line_renewal_requests_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;