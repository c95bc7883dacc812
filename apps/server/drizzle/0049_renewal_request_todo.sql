ALTER TABLE "line_renewal_requests" ADD COLUMN "expiry_date" date;--> statement-breakpoint
ALTER TABLE "line_renewal_requests" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "line_renewal_requests_open_idx" ON "line_renewal_requests" USING btree ("requested_at") WHERE "line_renewal_requests"."dismissed_at" is null;