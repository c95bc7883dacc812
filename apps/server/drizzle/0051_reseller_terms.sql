CREATE TABLE "reseller_limits" (
	"account_id" text PRIMARY KEY NOT NULL,
	"max_lines" integer,
	"allowed_plan_ids" integer[],
	"allowed_server_ids" integer[],
	"trials_per_day" integer,
	"trial_min_balance" integer DEFAULT 0 NOT NULL,
	"sub_reseller_depth" integer,
	"sub_reseller_price" integer DEFAULT 0 NOT NULL,
	"credit_limit" integer DEFAULT 0 NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_limits_credit_limit_check" CHECK ("reseller_limits"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reseller_prices" (
	"account_id" text NOT NULL,
	"plan_id" integer NOT NULL,
	"months" integer NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_prices_account_id_plan_id_months_pk" PRIMARY KEY("account_id","plan_id","months"),
	CONSTRAINT "reseller_prices_mode_check" CHECK ("reseller_prices"."mode" in ('fixed', 'percent'))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_balance_after_not_negative";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "credit_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reseller_limits" ADD CONSTRAINT "reseller_limits_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_limits" ADD CONSTRAINT "reseller_limits_set_by_auth_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_prices" ADD CONSTRAINT "reseller_prices_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_prices" ADD CONSTRAINT "reseller_prices_plan_id_line_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."line_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_prices" ADD CONSTRAINT "reseller_prices_set_by_auth_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_balance_after_not_negative" CHECK ("credit_ledger"."balance_after" >= -"credit_ledger"."credit_limit" or "credit_ledger"."delta" > 0 or "credit_ledger"."reason" = 'topup_reversed');