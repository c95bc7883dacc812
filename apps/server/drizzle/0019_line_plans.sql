CREATE TABLE "line_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prices" jsonb NOT NULL,
	"restrictions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The default plan: the spec's cost table, which every existing line was sold on.
INSERT INTO "line_plans" ("id", "name", "prices", "is_default") VALUES (1, 'Standard', '[{"months":1,"credits":2},{"months":3,"credits":4},{"months":6,"credits":6},{"months":12,"credits":10},{"months":24,"credits":15}]'::jsonb, true);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('line_plans', 'id'), 1);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_plan_id_line_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."line_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_plan_idx" ON "users" USING btree ("plan_id");