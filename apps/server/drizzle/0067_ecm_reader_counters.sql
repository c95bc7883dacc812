ALTER TABLE "ecm_readers" ADD COLUMN "ok" bigint;--> statement-breakpoint
ALTER TABLE "ecm_readers" ADD COLUMN "nok" bigint;