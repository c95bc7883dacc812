ALTER TABLE "topup_requests" DROP CONSTRAINT "topup_requests_status_check";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('awaiting_payment', 'pending', 'approved', 'rejected', 'expired', 'underpaid'));