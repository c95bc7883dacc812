import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** A table due upkeep: a vacuum (which also analyzes it) or fresh statistics only. */
export type TableDue = { table: string; vacuum: boolean };

export const databaseMaintenanceRepository = {
  /**
   * The panel's tables that changed enough since their last vacuum or analyze, by PostgreSQL's
   * autovacuum rule with its default settings: a vacuum after 50 + 20% of the rows died or 1,000 +
   * 20% were inserted, fresh statistics after 50 + 10% changed. The counts are the server's own
   * (pg_stat_user_tables), kept across clean restarts.
   */
  async tablesDue(db: Db): Promise<TableDue[]> {
    const result = await db.execute<TableDue>(sql`
      select "table", vacuum from (
        select s.relname as "table",
          (s.n_dead_tup > 50 + 0.2 * t.rows or s.n_ins_since_vacuum > 1000 + 0.2 * t.rows) as vacuum,
          s.n_mod_since_analyze > 50 + 0.1 * t.rows as stale_statistics
        from pg_stat_user_tables s
        cross join lateral (select greatest(c.reltuples, 0) as rows from pg_class c where c.oid = s.relid) t
        where s.schemaname = 'public'
      ) due
      where vacuum or stale_statistics
      order by "table"`);
    return result.rows;
  },

  async upkeep(db: Db, due: TableDue): Promise<void> {
    const table = sql.identifier(due.table);
    await db.execute(due.vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
  },
};
