CREATE TABLE "group_prices" (
	"group_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"months" integer NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_prices_group_id_plan_id_months_pk" PRIMARY KEY("group_id","plan_id","months"),
	CONSTRAINT "group_prices_mode_check" CHECK ("group_prices"."mode" in ('fixed', 'percent'))
);
--> statement-breakpoint
ALTER TABLE "group_prices" ADD CONSTRAINT "group_prices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_prices" ADD CONSTRAINT "group_prices_plan_id_line_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."line_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_prices" ADD CONSTRAINT "group_prices_set_by_auth_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;