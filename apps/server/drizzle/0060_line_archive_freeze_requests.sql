CREATE TABLE "line_freeze_requests" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"starts_on" date NOT NULL,
	"days" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"decision" text,
	CONSTRAINT "line_freeze_requests_decision_check" CHECK ("line_freeze_requests"."decision" in ('approved', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_freeze_requests" ADD CONSTRAINT "line_freeze_requests_line_id_users_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_freeze_requests_open_idx" ON "line_freeze_requests" USING btree ("requested_at") WHERE "line_freeze_requests"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "users_archived_idx" ON "users" USING btree ("archived_at","id") WHERE "users"."archived_at" is not null;