import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ErrorParams,
  ImportedEntry,
  LineImportFormat,
  LineImportMapping,
  LineImportOptions,
  LineImportStatus,
} from '@linedesk/shared';
import { leaseColumns, retryColumns } from './columns.js';
import { authUsers } from './core.schema.js';

/**
 * A file of lines being imported: the upload as read (its rows in `line_import_rows`), then, once
 * started, a background job run by whichever app instance claims it (FOR UPDATE SKIP LOCKED, with a
 * lease that runs out when that instance dies, so another one carries on from the first row pending).
 * Work that throws is tried again with backoff and, after the last attempt, left `dead`: what was
 * done stays done, and what was not is reported as not done.
 */
export const lineImports = pgTable(
  'line_imports',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<LineImportFormat>().notNull(),
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    suggestedMapping: jsonb('suggested_mapping').$type<LineImportMapping>().notNull(),
    /** The options the import was started with; null while a draft. */
    options: jsonb('options').$type<LineImportOptions>(),
    status: text('status').$type<LineImportStatus>().notNull().default('draft'),
    total: integer('total').notNull(),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    ...leaseColumns,
    ...retryColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('line_imports_status_check', sql`${t.status} in ('draft', 'queued', 'running', 'done', 'dead')`),
    index('line_imports_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export type LineImportRowResult = 'new' | 'pending' | 'done' | 'skipped' | 'refused';

/**
 * One data row of an imported file: its cells as read, and once the import runs what came of it.
 * A row's result is written in the same transaction as its line and charge, so a job taken over
 * after a crash never imports (nor charges) a row twice.
 */
export const lineImportRows = pgTable(
  'line_import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => lineImports.id, { onDelete: 'cascade' }),
    /** The row's number among the file's data rows, from 1. */
    seq: integer('seq').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    /**
     * A config file's account as read (its restrictions, its verbatim extra, its text): the line is
     * written with all of it. Null for CSV rows.
     */
    entry: jsonb('entry').$type<ImportedEntry>(),
    /** new: not started; pending: to import; then done, skipped or refused. */
    result: text('result').$type<LineImportRowResult>().notNull().default('new'),
    username: text('username'),
    code: text('code'),
    params: jsonb('params').$type<ErrorParams>(),
    message: text('message'),
    /** No foreign key: the result of a line deleted since stays readable. */
    lineId: integer('line_id'),
    charged: integer('charged').notNull().default(0),
  },
  (t) => [
    check(
      'line_import_rows_result_check',
      sql`${t.result} in ('new', 'pending', 'done', 'skipped', 'refused')`,
    ),
    uniqueIndex('line_import_rows_import_seq_idx').on(t.importId, t.seq),
  ],
);
