ALTER TABLE "line_bulk_jobs" DROP CONSTRAINT "line_bulk_jobs_status_check";--> statement-breakpoint
ALTER TABLE "line_imports" DROP CONSTRAINT "line_imports_status_check";--> statement-breakpoint
DROP INDEX "line_bulk_jobs_open_idx";--> statement-breakpoint
ALTER TABLE "line_bulk_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_bulk_jobs" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "line_bulk_jobs" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "line_imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_imports" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "line_imports" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "line_bulk_jobs_open_idx" ON "line_bulk_jobs" USING btree ("id") WHERE "line_bulk_jobs"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "line_bulk_jobs" ADD CONSTRAINT "line_bulk_jobs_status_check" CHECK ("line_bulk_jobs"."status" in ('queued', 'running', 'done', 'dead'));--> statement-breakpoint
ALTER TABLE "line_imports" ADD CONSTRAINT "line_imports_status_check" CHECK ("line_imports"."status" in ('draft', 'queued', 'running', 'done', 'dead'));