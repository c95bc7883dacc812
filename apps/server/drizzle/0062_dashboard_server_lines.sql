CREATE TABLE "dashboard_server_lines" (
	"scope" text NOT NULL,
	"server_id" integer NOT NULL,
	"lines" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_server_lines_scope_idx" ON "dashboard_server_lines" USING btree ("scope","server_id");--> statement-breakpoint
-- The counters are split in the lock of a moment (a small table: a row per scope and key, some
-- hundred thousand at a million lines): the triggers' writes wait for it, so none is counted in one
-- table and not in the other.
LOCK TABLE "dashboard_line_counts" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "dashboard_server_lines" (scope, server_id, lines)
SELECT scope, server_id, sum(lines)::int FROM "dashboard_line_counts"
GROUP BY 1, 2 HAVING sum(lines) <> 0;--> statement-breakpoint
ALTER TABLE "dashboard_line_counts" DROP COLUMN "server_id";--> statement-breakpoint
WITH gone AS (DELETE FROM "dashboard_line_counts" RETURNING *)
INSERT INTO "dashboard_line_counts" (scope, enabled, is_trial, expiry_date, lines)
SELECT scope, enabled, is_trial, expiry_date, sum(lines)::int FROM gone
GROUP BY 1, 2, 3, 4 HAVING sum(lines) <> 0;--> statement-breakpoint
-- As in 0012, with the server's figure in a table of its own: the panel's status counts no longer
-- hold a row per server and expiry date (#52).
CREATE OR REPLACE FUNCTION dashboard_count_lines() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'owner_id, server_id, enabled, is_trial, expiry_date, created_at';
  changes text;
  counts text;
  servers text;
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
  counts := changes || ' insert into dashboard_line_counts (scope, enabled, is_trial, expiry_date, lines)
    select scope, enabled, is_trial, expiry_date, sum(d)::int
    from scoped group by 1, 2, 3, 4 having sum(d) <> 0';
  servers := changes || ' insert into dashboard_server_lines (scope, server_id, lines)
    select scope, coalesce(server_id, 0), sum(d)::int
    from scoped group by 1, 2 having sum(d) <> 0';
  daily := changes || ' insert into dashboard_daily (scope, day, created)
    select scope, (created_at at time zone ''UTC'')::date, sum(d)::int from scoped
    group by 1, 2 having sum(d) <> 0';
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE counts USING OLD, NEW;
    EXECUTE servers USING OLD, NEW;
    EXECUTE daily USING OLD, NEW;
  ELSE
    EXECUTE counts;
    EXECUTE servers;
    EXECUTE daily;
  END IF;
  RETURN NULL;
END
$fn$;
