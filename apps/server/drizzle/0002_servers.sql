CREATE TABLE "cccam_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"server_name" text NOT NULL,
	"host_ip" text NOT NULL,
	"port" integer DEFAULT 12000 NOT NULL,
	"api_port" integer DEFAULT 3000 NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"protocol" text DEFAULT 'CCcam' NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"use_tls" boolean DEFAULT false NOT NULL,
	"tls_insecure" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_connection" timestamp with time zone,
	"last_error" text,
	"version" text,
	"next_check_at" timestamp with time zone,
	CONSTRAINT "cccam_servers_protocol_check" CHECK ("cccam_servers"."protocol" in ('CCcam', 'NewCamd')),
	CONSTRAINT "cccam_servers_status_check" CHECK ("cccam_servers"."status" in ('active', 'inactive', 'error')),
	CONSTRAINT "cccam_servers_port_check" CHECK ("cccam_servers"."port" between 1 and 65535),
	CONSTRAINT "cccam_servers_api_port_check" CHECK ("cccam_servers"."api_port" between 1 and 65535)
);
--> statement-breakpoint
ALTER TABLE "cccam_servers" ADD CONSTRAINT "cccam_servers_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cccam_servers_status_idx" ON "cccam_servers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cccam_servers_next_check_idx" ON "cccam_servers" USING btree ("next_check_at");