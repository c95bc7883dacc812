CREATE TABLE "line_lock_violations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"server_id" integer,
	"ip" text NOT NULL,
	"country" text,
	"asn" bigint,
	"network" text,
	"reason" text NOT NULL,
	"action" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "line_locks" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"countries" text[] NOT NULL,
	"asns" bigint[] NOT NULL,
	"no_datacenters" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_plan_locks" (
	"plan_id" integer PRIMARY KEY NOT NULL,
	"countries" text[] NOT NULL,
	"asns" bigint[] NOT NULL,
	"no_datacenters" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_lock_violations" ADD CONSTRAINT "line_lock_violations_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_lock_violations" ADD CONSTRAINT "line_lock_violations_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_locks" ADD CONSTRAINT "line_locks_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_plan_locks" ADD CONSTRAINT "line_plan_locks_plan_id_line_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."line_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_lock_violations_open_idx" ON "line_lock_violations" USING btree ("line_id","ip") WHERE "line_lock_violations"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "line_lock_violations_line_idx" ON "line_lock_violations" USING btree ("line_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "line_lock_violations_server_open_idx" ON "line_lock_violations" USING btree ("server_id") WHERE "line_lock_violations"."ended_at" is null;