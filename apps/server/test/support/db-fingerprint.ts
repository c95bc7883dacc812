import { sql } from 'drizzle-orm';
import type { TestServer } from './test-server.js';

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One query that gives, for every table of the database, its row count and a digest of its rows,
 * so "nothing changed" can be checked around any request. `ignore` names tables or `table.column`s a
 * request may write without changing anything anyone would notice (a key's last use, a failed
 * sign-in counted for the limit).
 */
export async function databaseFingerprint(
  server: TestServer,
  ignore: ReadonlySet<string>,
): Promise<() => Promise<Record<string, string>>> {
  const columns = rows<{ table_name: string; column_name: string }>(
    await server.built.ctx.db.execute(
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`,
    ),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (ignore.has(table) || ignore.has(`${table}.${column}`)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`]);
  }
  const query = sql.raw(
    'select ' +
      [...byTable]
        .map(([table, cols]) => {
          const row = `row(${cols.join(', ')})::text`;
          return `(select count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' order by ${row})), '') from "${table}") as "${table}"`;
        })
        .join(', '),
  );
  return async () => rows<Record<string, string>>(await server.built.ctx.db.execute(query))[0]!;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((t) => before[t] !== after[t]);
}

/** Accounts whose balance is not the sum of their ledger rows (each credit movement writes one row). */
export async function ledgerMismatches(
  server: TestServer,
): Promise<{ id: string; credits: number; ledger: number }[]> {
  return rows<{ id: string; credits: number; ledger: number }>(
    await server.built.ctx.db.execute(sql`
      select u.id, u.credits, coalesce(sum(l.delta), 0)::int as ledger
      from auth_users u left join credit_ledger l on l.account_id = u.id
      group by u.id, u.credits
      having u.credits <> coalesce(sum(l.delta), 0)`),
  );
}

/**
 * Work a request left running after it answered: agent deliveries that are due or in flight, and bulk
 * jobs not done. A delivery that failed is retried much later (the fuzz server's setting), so it
 * does not count until then.
 */
export async function backgroundWork(server: TestServer): Promise<number> {
  const [row] = rows<{ busy: number }>(
    await server.built.ctx.db.execute(sql`
      select (select count(*) from line_sync_outbox where next_attempt_at <= now() or leased_until > now())::int
           + (select count(*) from line_bulk_jobs where status <> 'done')::int as busy`),
  );
  return row!.busy;
}
