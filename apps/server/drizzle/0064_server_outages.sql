CREATE TABLE "server_outage_lines" (
	"outage_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"owner_id" text,
	"compensated_minutes" integer,
	"compensated_at" timestamp with time zone,
	CONSTRAINT "server_outage_lines_outage_id_line_id_pk" PRIMARY KEY("outage_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "server_outages" (
	"id" serial PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"cause" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "server_outage_lines" ADD CONSTRAINT "server_outage_lines_outage_id_server_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."server_outages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_outage_lines" ADD CONSTRAINT "server_outage_lines_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_outages" ADD CONSTRAINT "server_outages_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_outage_lines_owner_idx" ON "server_outage_lines" USING btree ("owner_id","compensated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "server_outages_open_idx" ON "server_outages" USING btree ("server_id") WHERE "server_outages"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "server_outages_started_idx" ON "server_outages" USING btree ("started_at");