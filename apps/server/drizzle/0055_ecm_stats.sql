CREATE TABLE "ecm_counters" (
	"server_id" integer NOT NULL,
	"username" text NOT NULL,
	"ok" bigint NOT NULL,
	"nok" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecm_counters_server_id_username_pk" PRIMARY KEY("server_id","username")
);
--> statement-breakpoint
CREATE TABLE "ecm_day" (
	"kind" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"reader" text DEFAULT '' NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"ok" bigint DEFAULT 0 NOT NULL,
	"nok" bigint DEFAULT 0 NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"time_n" bigint DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ecm_day_kind_subject_id_reader_bucket_pk" PRIMARY KEY("kind","subject_id","reader","bucket")
);
--> statement-breakpoint
CREATE TABLE "ecm_hour" (
	"kind" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"reader" text DEFAULT '' NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"ok" bigint DEFAULT 0 NOT NULL,
	"nok" bigint DEFAULT 0 NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"time_n" bigint DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ecm_hour_kind_subject_id_reader_bucket_pk" PRIMARY KEY("kind","subject_id","reader","bucket")
);
--> statement-breakpoint
CREATE TABLE "ecm_line_channels" (
	"line_id" integer NOT NULL,
	"day" date NOT NULL,
	"caid" text DEFAULT '' NOT NULL,
	"srvid" text DEFAULT '' NOT NULL,
	"channel" text,
	"polls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ecm_line_channels_line_id_day_caid_srvid_pk" PRIMARY KEY("line_id","day","caid","srvid")
);
--> statement-breakpoint
CREATE TABLE "ecm_minute" (
	"kind" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"reader" text DEFAULT '' NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"ok" bigint DEFAULT 0 NOT NULL,
	"nok" bigint DEFAULT 0 NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"time_n" bigint DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ecm_minute_kind_subject_id_reader_bucket_pk" PRIMARY KEY("kind","subject_id","reader","bucket")
);
--> statement-breakpoint
CREATE TABLE "ecm_polls" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "ecm_readers" (
	"server_id" integer NOT NULL,
	"label" text NOT NULL,
	"protocol" text NOT NULL,
	"state" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecm_readers_server_id_label_pk" PRIMARY KEY("server_id","label")
);
--> statement-breakpoint
CREATE TABLE "ecm_rollup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"hours_through" timestamp with time zone DEFAULT date_trunc('hour', now(), 'UTC') NOT NULL,
	"days_through" timestamp with time zone DEFAULT date_trunc('day', now(), 'UTC') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecm_counters" ADD CONSTRAINT "ecm_counters_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecm_line_channels" ADD CONSTRAINT "ecm_line_channels_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecm_polls" ADD CONSTRAINT "ecm_polls_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecm_readers" ADD CONSTRAINT "ecm_readers_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecm_day_bucket_idx" ON "ecm_day" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "ecm_hour_bucket_idx" ON "ecm_hour" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "ecm_line_channels_day_idx" ON "ecm_line_channels" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ecm_minute_bucket_idx" ON "ecm_minute" USING btree ("bucket");