CREATE TABLE "line_connection_polls" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "line_ip_history" (
	"line_id" integer NOT NULL,
	"ip" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_ip_history_line_id_ip_pk" PRIMARY KEY("line_id","ip")
);
--> statement-breakpoint
CREATE TABLE "line_presence" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"server_id" integer,
	"sessions" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"sharing_since" timestamp with time zone,
	"sharing_detected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "line_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"connection_id" text,
	"ip" text NOT NULL,
	"protocol" text NOT NULL,
	"connected_since" timestamp with time zone,
	"idle_seconds" integer,
	"last_channel" text,
	"last_caid" text,
	"ecm_ok" integer,
	"ecm_total" integer,
	"state" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_connection_polls" ADD CONSTRAINT "line_connection_polls_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_ip_history" ADD CONSTRAINT "line_ip_history_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_presence" ADD CONSTRAINT "line_presence_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_presence" ADD CONSTRAINT "line_presence_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sessions" ADD CONSTRAINT "line_sessions_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sessions" ADD CONSTRAINT "line_sessions_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_ip_history_recent_idx" ON "line_ip_history" USING btree ("line_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "line_presence_online_idx" ON "line_presence" USING btree ("server_id") WHERE "line_presence"."sessions" > 0;--> statement-breakpoint
CREATE INDEX "line_presence_sharing_idx" ON "line_presence" USING btree ("server_id") WHERE "line_presence"."sharing_since" is not null;--> statement-breakpoint
CREATE INDEX "line_sessions_line_idx" ON "line_sessions" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "line_sessions_server_idx" ON "line_sessions" USING btree ("server_id");