/**
 * What a migration may do to a table that grows with the lines: drizzle's migrator runs each
 * migration in one transaction, so nothing can be built CONCURRENTLY, and the lock a statement takes
 * is held until the migration ends. Adding a nullable column or one with a constant default, an
 * index, or a constraint is a moment or a few seconds at 1,000,000 lines (the scale bench replays
 * each one: bench/README.md). What follows takes time that grows with the table while reads or writes
 * wait: an upgrade of a big panel would stop it for minutes.
 */

/** The tables with a row or more per line. */
export const TABLES_THAT_GROW_WITH_LINES = [
  'users',
  'line_events',
  'credit_ledger',
  'audit_log',
  'dashboard_line_counts',
  'dashboard_daily',
  'dashboard_server_lines',
  'ecm_minute',
  'ecm_hour',
  'ecm_day',
  'ecm_line_channels',
  'line_presence',
  'line_sessions',
  'line_ip_history',
  'line_sync_outbox',
  'line_bulk_items',
  'expiry_reminders',
] as const;

const slowChanges: { pattern: RegExp; why: string }[] = [
  {
    pattern: /\bGENERATED\s+ALWAYS\s+AS\s*\(.*\)\s*STORED/is,
    why: 'a stored generated column rewrites the table while every query waits',
  },
  {
    pattern:
      /\bADD\s+COLUMN\b[^;]*\b(big)?serial\b|\bDEFAULT\s+(gen_random_uuid|random|clock_timestamp|nextval|uuid_generate_v\d)\s*\(/is,
    why: 'a column whose default differs per row rewrites the table while every query waits',
  },
  {
    pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/is,
    why: "a column's new type rewrites the table while every query waits",
  },
  {
    pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+SET\s+NOT\s+NULL\b/is,
    why: 'NOT NULL on an existing column reads every row while every query waits',
  },
  {
    pattern: /^\s*(VACUUM\s+FULL|CLUSTER)\b/is,
    why: 'rewrites the table while every query waits',
  },
  { pattern: /^\s*UPDATE\b/is, why: 'a back-fill locks every row it writes until the migration ends' },
];

/** The table a statement changes, when it is an ALTER TABLE, an UPDATE or a rewrite of one. */
function tableOf(statement: string): string | undefined {
  return (
    /^\s*ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(?:"?public"?\.)?"?(\w+)"?/is.exec(statement)?.[1] ??
    /^\s*UPDATE\s+(?:ONLY\s+)?(?:"?public"?\.)?"?(\w+)"?/is.exec(statement)?.[1] ??
    /^\s*(?:VACUUM\s+FULL|CLUSTER)\s+"?(\w+)"?/is.exec(statement)?.[1]
  );
}

/** Why a statement of a migration would keep a big table locked for long, or undefined. */
export function slowOnABigTable(statement: string): string | undefined {
  const text = withoutLeadingComments(statement);
  const table = tableOf(text);
  if (!table || !(TABLES_THAT_GROW_WITH_LINES as readonly string[]).includes(table)) return undefined;
  const found = slowChanges.find(({ pattern }) => pattern.test(text));
  return found && `${table}: ${found.why}`;
}

/** A statement with the `--` comment lines before it taken away. */
export function withoutLeadingComments(statement: string): string {
  return statement.replace(/^\s*(--[^\n]*\n\s*)*/, '').trim();
}

/** A migration file's statements, as drizzle-kit separates them. */
export function statementsOf(migration: string): string[] {
  return migration
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
