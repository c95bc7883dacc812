CREATE TABLE "activation_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"owner_id" text NOT NULL,
	"plan_id" integer NOT NULL,
	"subscription_months" integer,
	"is_trial" boolean DEFAULT false NOT NULL,
	"charged" integer NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"line_id" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "activation_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "activation_codes_state_check" CHECK ("activation_codes"."state" in ('unused', 'activated', 'void')),
	CONSTRAINT "activation_codes_charged_not_negative" CHECK ("activation_codes"."charged" >= 0),
	CONSTRAINT "activation_codes_term_check" CHECK (("activation_codes"."is_trial" and "activation_codes"."subscription_months" is null) or (not "activation_codes"."is_trial" and "activation_codes"."subscription_months" > 0))
);
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_plan_id_line_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."line_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_codes_owner_idx" ON "activation_codes" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "activation_codes_valid_until_idx" ON "activation_codes" USING btree ("valid_until") WHERE "activation_codes"."state" = 'unused' and "activation_codes"."valid_until" is not null;