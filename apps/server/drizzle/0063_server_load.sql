CREATE TABLE "server_load" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone,
	"cpu_percent" double precision,
	"cpu_cores" integer,
	"memory_percent" double precision,
	"disk_percent" double precision,
	"disk_path" text,
	"clients" integer,
	"last_error" text,
	"alert_state" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_load_minute" (
	"server_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"cpu_percent" double precision NOT NULL,
	"memory_percent" double precision NOT NULL,
	"disk_percent" double precision NOT NULL,
	"clients" integer,
	CONSTRAINT "server_load_minute_server_id_bucket_pk" PRIMARY KEY("server_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "server_load" ADD CONSTRAINT "server_load_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_load_minute" ADD CONSTRAINT "server_load_minute_server_id_cccam_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."cccam_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_load_minute_bucket_idx" ON "server_load_minute" USING btree ("bucket");