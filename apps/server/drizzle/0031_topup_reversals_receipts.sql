CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"topup_request_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credits" integer NOT NULL,
	"ledger_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_reversals_kind_check" CHECK ("topup_reversals"."kind" in ('refund', 'dispute', 'dispute_won', 'invalidated'))
);
--> statement-breakpoint
ALTER TABLE "auth_users" DROP CONSTRAINT "auth_users_credits_not_negative";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_balance_after_not_negative";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "surplus_cents" integer;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "surplus_currency" text;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "topup_reversals" ADD CONSTRAINT "topup_reversals_topup_request_id_topup_requests_id_fk" FOREIGN KEY ("topup_request_id") REFERENCES "public"."topup_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_reversals" ADD CONSTRAINT "topup_reversals_account_id_auth_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topup_reversals_event_idx" ON "topup_reversals" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "topup_reversals_request_idx" ON "topup_reversals" USING btree ("topup_request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_payment_intent_idx" ON "topup_requests" USING btree ("method_kind","payment_intent_id") WHERE "topup_requests"."payment_intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_receipt_number_idx" ON "topup_requests" USING btree ("receipt_number");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_balance_after_not_negative" CHECK ("credit_ledger"."balance_after" >= 0 or "credit_ledger"."delta" > 0 or "credit_ledger"."reason" = 'topup_reversed');--> statement-breakpoint
-- Requests approved before receipts existed get their numbers now, per year of their approval, in
-- the order they were made; each year's counter continues from there.
WITH numbered AS (
	SELECT "id",
		extract(year FROM coalesce("decided_at", "created_at"))::int AS "year",
		row_number() OVER (
			PARTITION BY extract(year FROM coalesce("decided_at", "created_at"))
			ORDER BY "created_at", "id"
		) AS "n"
	FROM "topup_requests"
	WHERE "status" = 'approved'
)
UPDATE "topup_requests" t
SET "receipt_number" = 'R-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered
WHERE t."id" = numbered."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last_number")
SELECT extract(year FROM coalesce("decided_at", "created_at"))::int, count(*)::int
FROM "topup_requests"
WHERE "status" = 'approved'
GROUP BY 1;
