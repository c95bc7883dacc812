CREATE TABLE "line_bulk_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"line_id" integer,
	"username" text,
	"password" text,
	"connection_line" text,
	"result" text DEFAULT 'pending' NOT NULL,
	"code" text,
	"message" text,
	"charged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_bulk_items_result_check" CHECK ("line_bulk_items"."result" in ('pending', 'done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "line_bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"is_admin" boolean NOT NULL,
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone,
	"lease_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "line_bulk_jobs_status_check" CHECK ("line_bulk_jobs"."status" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "line_bulk_items" ADD CONSTRAINT "line_bulk_items_job_id_line_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."line_bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bulk_jobs" ADD CONSTRAINT "line_bulk_jobs_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_bulk_items_job_seq_idx" ON "line_bulk_items" USING btree ("job_id","seq");--> statement-breakpoint
CREATE INDEX "line_bulk_jobs_open_idx" ON "line_bulk_jobs" USING btree ("id") WHERE "line_bulk_jobs"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "line_bulk_jobs_account_idx" ON "line_bulk_jobs" USING btree ("account_id","id");