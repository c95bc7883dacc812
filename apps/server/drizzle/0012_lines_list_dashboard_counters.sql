-- Trigram indexes for the lines search (users_search_trgm_idx); a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "dashboard_daily" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"renewed" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_line_counts" (
	"scope" text NOT NULL,
	"server_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"is_trial" boolean NOT NULL,
	"expiry_date" date NOT NULL,
	"lines" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_owner_created_idx";--> statement-breakpoint
DROP INDEX "users_owner_expiry_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "users_expiry_idx";--> statement-breakpoint
DROP INDEX "users_server_idx";--> statement-breakpoint
CREATE INDEX "dashboard_daily_scope_idx" ON "dashboard_daily" USING btree ("scope","day");--> statement-breakpoint
CREATE INDEX "dashboard_line_counts_scope_idx" ON "dashboard_line_counts" USING btree ("scope","expiry_date");--> statement-breakpoint
CREATE INDEX "users_added_idx" ON "users" USING btree ("added_date","id");--> statement-breakpoint
CREATE INDEX "users_owner_email_idx" ON "users" USING btree ("owner_email","id");--> statement-breakpoint
CREATE INDEX "users_sync_state_idx" ON "users" USING btree ("sync_state","id");--> statement-breakpoint
CREATE INDEX "users_enabled_idx" ON "users" USING btree ("enabled","id");--> statement-breakpoint
CREATE INDEX "users_owner_username_idx" ON "users" USING btree ("owner_id","username");--> statement-breakpoint
CREATE INDEX "users_owner_added_idx" ON "users" USING btree ("owner_id","added_date","id");--> statement-breakpoint
CREATE INDEX "users_owner_email_order_idx" ON "users" USING btree ("owner_id","owner_email","id");--> statement-breakpoint
CREATE INDEX "users_owner_sync_state_idx" ON "users" USING btree ("owner_id","sync_state","id");--> statement-breakpoint
CREATE INDEX "users_owner_enabled_idx" ON "users" USING btree ("owner_id","enabled","id");--> statement-breakpoint
CREATE INDEX "users_owner_server_idx" ON "users" USING btree ("owner_id","server_id","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_owner_created_idx" ON "users" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_owner_expiry_idx" ON "users" USING btree ("owner_id","expiry_date","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_expiry_idx" ON "users" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "users_server_idx" ON "users" USING btree ("server_id","id");--> statement-breakpoint
-- The dashboard's counters follow every change of lines, renewals and credit spending in the changing
-- statement's own transaction, as rows of differences that are only ever inserted (no writer waits
-- on a shared counter row). Inserts and deletes count a whole statement at once (transition tables:
-- a bulk import or an account's cascade costs one grouped insert); updates count per row, and only
-- when a counted column changes, so the many sync-state updates cost nothing here.
CREATE FUNCTION dashboard_count_lines() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'owner_id, server_id, enabled, is_trial, expiry_date, created_at';
  changes text;
  counts text;
  daily text;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    changes := format('select %1$s, -1 as d from (select ($1).*) o union all select %1$s, 1 from (select ($2).*) n', cols);
  ELSIF TG_OP = 'INSERT' THEN
    changes := format('select %s, 1 as d from new_rows', cols);
  ELSE
    changes := format('select %s, -1 as d from old_rows', cols);
  END IF;
  changes := format('with changes as (%s), scoped as (select ''*'' as scope, * from changes
    union all select owner_id, * from changes where owner_id is not null)', changes);
  counts := changes || ' insert into dashboard_line_counts (scope, server_id, enabled, is_trial, expiry_date, lines)
    select scope, coalesce(server_id, 0), enabled, is_trial, expiry_date, sum(d)::int
    from scoped group by 1, 2, 3, 4, 5 having sum(d) <> 0';
  daily := changes || ' insert into dashboard_daily (scope, day, created)
    select scope, (created_at at time zone ''UTC'')::date, sum(d)::int from scoped
    group by 1, 2 having sum(d) <> 0';
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE counts USING OLD, NEW;
    EXECUTE daily USING OLD, NEW;
  ELSE
    EXECUTE counts;
    EXECUTE daily;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER dashboard_count_lines_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_lines();--> statement-breakpoint
CREATE TRIGGER dashboard_count_lines_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_lines();--> statement-breakpoint
-- Also fired by a deleted server or account (ON DELETE SET NULL updates these columns).
CREATE TRIGGER dashboard_count_lines_update AFTER UPDATE OF owner_id, server_id, enabled, is_trial, expiry_date, created_at ON users
  FOR EACH ROW WHEN ((OLD.owner_id, OLD.server_id, OLD.enabled, OLD.is_trial, OLD.expiry_date, OLD.created_at)
    IS DISTINCT FROM (NEW.owner_id, NEW.server_id, NEW.enabled, NEW.is_trial, NEW.expiry_date, NEW.created_at))
  EXECUTE FUNCTION dashboard_count_lines();--> statement-breakpoint
-- Renewals are history: inserted, never deleted. A deleted owner's events keep counting in that
-- owner's scope, which nobody can open any more; the panel's figure is unchanged either way.
CREATE FUNCTION dashboard_count_renewals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO dashboard_daily (scope, day, renewed)
  SELECT v.scope, (e.created_at AT TIME ZONE 'UTC')::date, count(*)::int
  FROM new_rows e CROSS JOIN LATERAL (VALUES ('*'), (e.owner_id)) AS v(scope)
  WHERE e.action = 'renewed' AND v.scope IS NOT NULL
  GROUP BY 1, 2;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER dashboard_count_renewals AFTER INSERT ON line_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_renewals();--> statement-breakpoint
-- Credits spent on lines, net of refunds, for the panel and the account; a deleted account's ledger
-- rows go with it (cascade), and so do their credits from the panel's figure.
CREATE FUNCTION dashboard_count_spending() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_daily (scope, day, spent)
    SELECT v.scope, (l.created_at AT TIME ZONE 'UTC')::date, -sum(l.delta)::int
    FROM new_rows l CROSS JOIN LATERAL (VALUES ('*'), (l.account_id)) AS v(scope)
    WHERE l.reason IN ('line_create', 'line_renew', 'refund')
    GROUP BY 1, 2;
  ELSE
    INSERT INTO dashboard_daily (scope, day, spent)
    SELECT v.scope, (l.created_at AT TIME ZONE 'UTC')::date, sum(l.delta)::int
    FROM old_rows l CROSS JOIN LATERAL (VALUES ('*'), (l.account_id)) AS v(scope)
    WHERE l.reason IN ('line_create', 'line_renew', 'refund')
    GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER dashboard_count_spending_insert AFTER INSERT ON credit_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_spending();--> statement-breakpoint
CREATE TRIGGER dashboard_count_spending_delete AFTER DELETE ON credit_ledger
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_spending();--> statement-breakpoint
-- The figures of what is already there.
INSERT INTO dashboard_line_counts (scope, server_id, enabled, is_trial, expiry_date, lines)
SELECT v.scope, coalesce(u.server_id, 0), u.enabled, u.is_trial, u.expiry_date, count(*)::int
FROM users u CROSS JOIN LATERAL (VALUES ('*'), (u.owner_id)) AS v(scope)
WHERE v.scope IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO dashboard_daily (scope, day, created, renewed, spent)
SELECT scope, day, sum(created)::int, sum(renewed)::int, sum(spent)::int FROM (
  SELECT v.scope, (u.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS created, 0 AS renewed, 0 AS spent
  FROM users u CROSS JOIN LATERAL (VALUES ('*'), (u.owner_id)) AS v(scope)
  UNION ALL
  SELECT v.scope, (e.created_at AT TIME ZONE 'UTC')::date, 0, 1, 0
  FROM line_events e CROSS JOIN LATERAL (VALUES ('*'), (e.owner_id)) AS v(scope) WHERE e.action = 'renewed'
  UNION ALL
  SELECT v.scope, (l.created_at AT TIME ZONE 'UTC')::date, 0, 0, -l.delta
  FROM credit_ledger l CROSS JOIN LATERAL (VALUES ('*'), (l.account_id)) AS v(scope)
  WHERE l.reason IN ('line_create', 'line_renew', 'refund')
) AS figures
WHERE scope IS NOT NULL
GROUP BY 1, 2;