ALTER TABLE "topup_requests" ADD COLUMN "expired_reason" text;--> statement-breakpoint
CREATE INDEX "topup_requests_decided_idx" ON "topup_requests" USING btree ("status","decided_at");--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_expired_reason_check" CHECK ("topup_requests"."expired_reason" is null or "topup_requests"."expired_reason" in ('checkout_expired', 'not_paid_in_time'));--> statement-breakpoint
-- Until now only a provider's checkout running out expired a request.
UPDATE "topup_requests" SET "expired_reason" = 'checkout_expired' WHERE "status" = 'expired' AND "checkout_id" IS NOT NULL;
