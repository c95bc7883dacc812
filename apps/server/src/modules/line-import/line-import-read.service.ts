import { csvRecord, LINE_IMPORT_RESULTS_NAMED, type LineImport } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { toLineImport } from './line-import-mapper.js';
import { lineImportRepository, type ImportRecord } from './line-import.repository.js';

/** Rows shown on the mapping screen. */
const SAMPLE_ROWS = 5;
const CSV_SLICE = 1000;

/** An import is its uploader's: another account's answers "not found", like a missing one. */
export async function ownImport(ctx: AppContext, actor: Actor, id: number): Promise<ImportRecord> {
  const me = access.admin(actor);
  const record = await lineImportRepository.findImport(ctx.db, id);
  if (!record || record.accountId !== me.id) throw new AppError('LINE_IMPORT_NOT_FOUND');
  return record;
}

export async function importView(ctx: AppContext, record: ImportRecord): Promise<LineImport> {
  const sample = await lineImportRepository.sample(ctx.db, record.id, SAMPLE_ROWS);
  if (record.status !== 'done' && record.status !== 'dead') return toLineImport(record, sample, null);
  const [imported, refused] = await Promise.all([
    lineImportRepository.rowsWithResult(ctx.db, record.id, 'done', LINE_IMPORT_RESULTS_NAMED),
    lineImportRepository.rowsWithResult(ctx.db, record.id, 'refused', LINE_IMPORT_RESULTS_NAMED),
  ]);
  return toLineImport(record, sample, {
    imported: imported.flatMap((row) => (row.username ? [row.username] : [])),
    refused: refused.map((row) => ({
      row: row.seq,
      username: row.username,
      code: row.code,
      params: row.params,
    })),
  });
}

export async function getLineImport(ctx: AppContext, actor: Actor, id: number): Promise<LineImport> {
  return importView(ctx, await ownImport(ctx, actor, id));
}

export const LINE_IMPORT_CSV_HEADER = [
  'row',
  'username',
  'result',
  'code',
  'message',
  'charged',
  'line_id',
] as const;

/**
 * Every row of an import and what came of it, read in slices. The cells go through `csvRecord`,
 * which neutralises anything a spreadsheet would run as a formula.
 */
export async function lineImportResultsCsv(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<AsyncGenerator<string>> {
  const record = await ownImport(ctx, actor, id);
  return (async function* () {
    yield csvRecord(LINE_IMPORT_CSV_HEADER);
    for (let after = 0; ;) {
      const rows = await lineImportRepository.rowsAfter(ctx.db, record.id, after, CSV_SLICE);
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          csvRecord([
            row.seq,
            row.username ?? '',
            row.result === 'new' ? 'not started' : row.result,
            row.code,
            row.message,
            row.charged,
            row.lineId,
          ]),
        )
        .join('');
      after = rows[rows.length - 1]!.seq;
    }
  })();
}
