ALTER TABLE "topup_requests" DROP CONSTRAINT "topup_requests_status_check";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "checkout_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_checkout_idx" ON "topup_requests" USING btree ("method_kind","checkout_id") WHERE "topup_requests"."checkout_id" is not null;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('awaiting_payment', 'pending', 'approved', 'rejected', 'expired'));