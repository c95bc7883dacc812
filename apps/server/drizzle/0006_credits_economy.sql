CREATE TABLE "credit_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"credits" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"highlight" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packages_credits_positive" CHECK ("credit_packages"."credits" > 0),
	CONSTRAINT "credit_packages_price_not_negative" CHECK ("credit_packages"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "redeem_code_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" integer,
	"code" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"user_id" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"error_code" text,
	CONSTRAINT "redeem_code_history_status_check" CHECK ("redeem_code_history"."status" in ('success', 'error'))
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"credits" integer NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "redeem_codes_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "redeem_codes_credits_positive" CHECK ("redeem_codes"."credits" > 0),
	CONSTRAINT "redeem_codes_max_uses_positive" CHECK ("redeem_codes"."max_uses" >= 1),
	CONSTRAINT "redeem_codes_times_used_range" CHECK ("redeem_codes"."times_used" between 0 and "redeem_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "topup_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"package_id" integer,
	"package_name" text NOT NULL,
	"credits" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"provider" text,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "topup_requests_credits_positive" CHECK ("topup_requests"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_history" ADD CONSTRAINT "redeem_code_history_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_history" ADD CONSTRAINT "redeem_code_history_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_package_id_credit_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."credit_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_decided_by_auth_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_code_history_once_per_user" ON "redeem_code_history" USING btree ("code_id","user_id") WHERE "redeem_code_history"."status" = 'success';--> statement-breakpoint
CREATE INDEX "redeem_code_history_user_idx" ON "redeem_code_history" USING btree ("user_id","status","redeemed_at");--> statement-breakpoint
CREATE INDEX "redeem_code_history_redeemed_idx" ON "redeem_code_history" USING btree ("redeemed_at");--> statement-breakpoint
CREATE INDEX "redeem_codes_created_idx" ON "redeem_codes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_provider_payment_idx" ON "topup_requests" USING btree ("provider","provider_payment_id") WHERE "topup_requests"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "topup_requests_status_idx" ON "topup_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "topup_requests_account_idx" ON "topup_requests" USING btree ("account_id","created_at");