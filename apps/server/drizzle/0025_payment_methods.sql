CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"currency" text NOT NULL,
	"fee_bps" integer DEFAULT 0 NOT NULL,
	"instructions" text,
	"proof_required" boolean DEFAULT false NOT NULL,
	"server_url" text,
	"store_id" text,
	"secret_key_sealed" text,
	"webhook_secret_sealed" text,
	"api_key_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" in ('manual', 'stripe', 'btcpay')),
	CONSTRAINT "payment_methods_fee_range" CHECK ("payment_methods"."fee_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "topup_requests" DROP CONSTRAINT "topup_requests_status_check";--> statement-breakpoint
ALTER TABLE "topup_requests" ALTER COLUMN "payment_reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "method_id" integer;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "method_name" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "method_kind" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "reference_code" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "instructions" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "proof_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "proof_storage" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "proof_key" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "proof_file_name" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "proof_content_type" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "proof_size" integer;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_reference_code_idx" ON "topup_requests" USING btree ("reference_code");--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_reference_given" CHECK ("topup_requests"."payment_reference" is not null or "topup_requests"."method_kind" is not null);--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('awaiting_payment', 'pending', 'approved', 'rejected'));