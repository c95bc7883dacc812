CREATE TABLE "line_import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"result" text DEFAULT 'new' NOT NULL,
	"username" text,
	"code" text,
	"params" jsonb,
	"message" text,
	"line_id" integer,
	"charged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_import_rows_result_check" CHECK ("line_import_rows"."result" in ('new', 'pending', 'done', 'skipped', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "line_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text,
	"columns" jsonb NOT NULL,
	"suggested_mapping" jsonb NOT NULL,
	"options" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" integer NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone,
	"lease_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "line_imports_status_check" CHECK ("line_imports"."status" in ('draft', 'queued', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "line_import_rows" ADD CONSTRAINT "line_import_rows_import_id_line_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."line_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_imports" ADD CONSTRAINT "line_imports_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_import_rows_import_seq_idx" ON "line_import_rows" USING btree ("import_id","seq");--> statement-breakpoint
CREATE INDEX "line_imports_open_idx" ON "line_imports" USING btree ("id") WHERE "line_imports"."status" in ('queued', 'running');