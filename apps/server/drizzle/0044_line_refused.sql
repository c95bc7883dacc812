ALTER TABLE "users" DROP CONSTRAINT "users_sync_state_check";--> statement-breakpoint
CREATE INDEX "credit_ledger_line_ref_idx" ON "credit_ledger" USING btree ("ref_id") WHERE "credit_ledger"."ref_type" = 'line';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sync_state_check" CHECK ("users"."sync_state" in ('synced', 'pending', 'failing', 'refused'));--> statement-breakpoint
-- A refused line's charge given back nets out of the credits spent on lines, as a refund does.
CREATE OR REPLACE FUNCTION dashboard_count_spending() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_daily (scope, day, spent)
    SELECT v.scope, (l.created_at AT TIME ZONE 'UTC')::date, -sum(l.delta)::int
    FROM new_rows l CROSS JOIN LATERAL (VALUES ('*'), (l.account_id)) AS v(scope)
    WHERE l.reason IN ('line_create', 'line_renew', 'refund', 'line_refused_refund')
    GROUP BY 1, 2;
  ELSE
    INSERT INTO dashboard_daily (scope, day, spent)
    SELECT v.scope, (l.created_at AT TIME ZONE 'UTC')::date, sum(l.delta)::int
    FROM old_rows l CROSS JOIN LATERAL (VALUES ('*'), (l.account_id)) AS v(scope)
    WHERE l.reason IN ('line_create', 'line_renew', 'refund', 'line_refused_refund')
    GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$fn$;
