CREATE TABLE "billing_details" (
	"account_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topup_requests" DROP CONSTRAINT "topup_requests_status_check";--> statement-breakpoint
ALTER TABLE "topup_requests" DROP CONSTRAINT "topup_requests_expired_reason_check";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "instructions_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "instructions_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_revoked_by_auth_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('awaiting_payment', 'pending', 'approved', 'rejected', 'expired', 'underpaid', 'needs_attention', 'revoked'));--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_expired_reason_check" CHECK ("topup_requests"."expired_reason" is null or "topup_requests"."expired_reason" in ('checkout_expired', 'not_paid_in_time', 'cancelled'));