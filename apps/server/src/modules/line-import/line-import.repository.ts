import type { ErrorParams, ImportedEntry } from '@linedesk/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { itemsJobQueue } from '../../platform/leased-queue.js';
import {
  authUsers,
  lineImportRows as rows,
  lineImports as imports,
  lines,
  type LineImportRowResult,
} from '../../db/schema.js';

export type ImportRecord = typeof imports.$inferSelect;
export type ImportRowRecord = typeof rows.$inferSelect;
/** A row as checking reads it: its cells, and the config file's account it came from. */
export type ImportRowRead = { id: number; seq: number; cells: string[]; entry: ImportedEntry | null };

/** Rows per statement when a file's rows are written or read by name. */
const SLICE = 1000;

export type RowOutcome = {
  id: number;
  result: Exclude<LineImportRowResult, 'new'>;
  username: string;
  code: string | null;
  params: ErrorParams | null;
  message: string | null;
  lineId?: number | null;
  charged?: number;
};

const accountColumns = {
  id: authUsers.id,
  email: authUsers.email,
  isAdmin: authUsers.isAdmin,
  groupId: authUsers.groupId,
  ownerId: authUsers.ownerId,
};
export type AccountRow = {
  id: string;
  email: string;
  isAdmin: boolean;
  groupId: number;
  ownerId: string | null;
};

/** Started imports to run: done once none of their rows is pending (platform/leased-job.ts). */
export const startedImports = itemsJobQueue(imports, {
  table: rows,
  jobId: rows.importId,
  result: rows.result,
});

export const lineImportRepository = {
  async insertImport(
    tx: Db,
    values: Pick<
      typeof imports.$inferInsert,
      | 'accountId'
      | 'fileName'
      | 'format'
      | 'encoding'
      | 'delimiter'
      | 'columns'
      | 'suggestedMapping'
      | 'total'
    >,
  ): Promise<ImportRecord> {
    const [row] = await tx.insert(imports).values(values).returning();
    return row!;
  },
  /** The file's rows, each with the config file's account it was read from (none for a CSV). */
  async insertRows(
    tx: Db,
    importId: number,
    cells: string[][],
    entries?: readonly (ImportedEntry | null)[],
  ): Promise<void> {
    for (let start = 0; start < cells.length; start += SLICE) {
      await tx.insert(rows).values(
        cells.slice(start, start + SLICE).map((row, i) => ({
          importId,
          seq: start + i + 1,
          cells: row,
          entry: entries?.[start + i] ?? null,
        })),
      );
    }
  },
  async findImport(db: Db, id: number): Promise<ImportRecord | undefined> {
    const [row] = await db.select().from(imports).where(eq(imports.id, id));
    return row;
  },
  /** The first rows' cells, for the mapping screen. */
  async sample(db: Db, importId: number, limit: number): Promise<string[][]> {
    const found = await db
      .select({ cells: rows.cells })
      .from(rows)
      .where(eq(rows.importId, importId))
      .orderBy(asc(rows.seq))
      .limit(limit);
    return found.map((row) => row.cells);
  },
  allRows(db: Db, importId: number): Promise<ImportRowRead[]> {
    return db
      .select({ id: rows.id, seq: rows.seq, cells: rows.cells, entry: rows.entry })
      .from(rows)
      .where(eq(rows.importId, importId))
      .orderBy(asc(rows.seq));
  },
  /** Accounts by email, compared without letter case. */
  async accountsByEmail(db: Db, emails: string[]) {
    const found: AccountRow[] = [];
    for (let start = 0; start < emails.length; start += SLICE) {
      const slice = emails.slice(start, start + SLICE);
      found.push(
        ...(await db
          .select(accountColumns)
          .from(authUsers)
          .where(inArray(sql`lower(${authUsers.email})`, slice))),
      );
    }
    return found;
  },
  async findAccount(db: Db, id: string) {
    const [row] = await db.select(accountColumns).from(authUsers).where(eq(authUsers.id, id));
    return row;
  },
  /** Of these usernames, the lines that exist, with their owner. */
  async existingLines(db: Db, usernames: string[]): Promise<Map<string, string | null>> {
    const found = new Map<string, string | null>();
    for (let start = 0; start < usernames.length; start += SLICE) {
      const slice = usernames.slice(start, start + SLICE);
      const rowsFound = await db
        .select({ username: lines.username, ownerId: lines.ownerId })
        .from(lines)
        .where(inArray(lines.username, slice));
      for (const row of rowsFound) found.set(row.username, row.ownerId);
    }
    return found;
  },
  /** The import leaves its draft: its options, and each row's first verdict (pending rows run). */
  async queue(
    tx: Db,
    id: number,
    options: ImportRecord['options'],
    outcomes: RowOutcome[],
  ): Promise<boolean> {
    const started = await tx
      .update(imports)
      .set({ status: 'queued', options })
      .where(and(eq(imports.id, id), eq(imports.status, 'draft')))
      .returning({ id: imports.id });
    if (started.length === 0) return false;
    for (let start = 0; start < outcomes.length; start += SLICE) {
      await this.settleRows(tx, id, outcomes.slice(start, start + SLICE), 'new');
    }
    return true;
  },
  /** Writes rows' results in one statement, each only while it still has the result `from`. */
  async settleRows(
    tx: Db,
    importId: number,
    outcomes: RowOutcome[],
    from: LineImportRowResult,
  ): Promise<void> {
    if (outcomes.length === 0) return;
    const values = sql.join(
      outcomes.map(
        (o) =>
          sql`(${o.id}::bigint, ${o.result}, ${o.username}, ${o.code}, ${o.params === null ? null : JSON.stringify(o.params)}::jsonb, ${o.message}, ${o.lineId ?? null}::int, ${o.charged ?? 0}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${rows} set result = v.result, username = v.username, code = v.code, params = v.params,
        message = v.message, line_id = v.line_id, charged = v.charged
      from (values ${values}) as v(id, result, username, code, params, message, line_id, charged)
      where ${rows.id} = v.id and ${rows.importId} = ${importId} and ${rows.result} = ${from}`);
  },
  pendingRows(db: Db, importId: number, afterSeq: number, limit: number) {
    return db
      .select({ id: rows.id, seq: rows.seq, cells: rows.cells, entry: rows.entry })
      .from(rows)
      .where(and(eq(rows.importId, importId), eq(rows.result, 'pending'), gt(rows.seq, afterSeq)))
      .orderBy(asc(rows.seq))
      .limit(limit);
  },
  /** Takes the rows' locks; only those still pending (another runner may have settled some). */
  async lockPending(tx: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const locked = await tx
      .select({ id: rows.id })
      .from(rows)
      .where(and(inArray(rows.id, ids), eq(rows.result, 'pending')))
      .for('update');
    return new Set(locked.map((row) => row.id));
  },
  /** Recounts the import's totals from its rows (one statement, so never out of step with them). */
  async refreshCounts(db: Db, id: number): Promise<ImportRecord | undefined> {
    const counted = (result: LineImportRowResult) =>
      sql`(select count(*)::int from ${rows} where ${rows.importId} = ${id} and ${rows.result} = ${result})`;
    const [row] = await db
      .update(imports)
      .set({
        imported: counted('done'),
        skipped: counted('skipped'),
        refused: counted('refused'),
        charged: sql`(select coalesce(sum(${rows.charged}), 0)::int from ${rows} where ${rows.importId} = ${id})`,
      })
      .where(eq(imports.id, id))
      .returning();
    return row;
  },
  /** The first rows of one result, in file order. */
  rowsWithResult(db: Db, importId: number, result: 'done' | 'refused', limit: number) {
    return db
      .select({ seq: rows.seq, username: rows.username, code: rows.code, params: rows.params })
      .from(rows)
      .where(and(eq(rows.importId, importId), eq(rows.result, result)))
      .orderBy(asc(rows.seq))
      .limit(limit);
  },
  /** The rows from `afterSeq` on, for the result CSV read in slices. */
  rowsAfter(db: Db, importId: number, afterSeq: number, limit: number): Promise<ImportRowRecord[]> {
    return db
      .select()
      .from(rows)
      .where(and(eq(rows.importId, importId), gt(rows.seq, afterSeq)))
      .orderBy(asc(rows.seq))
      .limit(limit);
  },
};
