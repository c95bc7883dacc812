ALTER TABLE "topup_requests" DROP CONSTRAINT "topup_requests_status_check";--> statement-breakpoint
ALTER TABLE "topup_reversals" DROP CONSTRAINT "topup_reversals_kind_check";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "provider_state" jsonb;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('awaiting_payment', 'pending', 'approved', 'rejected', 'expired', 'underpaid', 'needs_attention'));--> statement-breakpoint
ALTER TABLE "topup_reversals" ADD CONSTRAINT "topup_reversals_kind_check" CHECK ("topup_reversals"."kind" in ('refund', 'dispute', 'dispute_won', 'invalidated', 'restored'));