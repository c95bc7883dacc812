CREATE TABLE "setup_guide_preferences" (
	"account_id" text PRIMARY KEY NOT NULL,
	"hidden" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "setup_guide_preferences" ADD CONSTRAINT "setup_guide_preferences_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;