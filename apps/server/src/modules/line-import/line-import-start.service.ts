import { formatErrorMessage, type LineImport, type LineImportOptions } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { CheckedRow } from './line-import-check.js';
import { checkRowsWith } from './line-import-context.js';
import { publishImportChange } from './line-import-events.js';
import { importView, ownImport } from './line-import-read.service.js';
import { lineImportRepository, type RowOutcome } from './line-import.repository.js';

/** A row's first verdict: ok rows wait for the job; the others are settled with their reason now. */
export function outcomeOf(id: number, row: CheckedRow): RowOutcome {
  if (row.status === 'ok') {
    return { id, result: 'pending', username: row.username, code: null, params: null, message: null };
  }
  return {
    id,
    result: row.status,
    username: row.username,
    code: row.code,
    params: row.params,
    message: row.code ? formatErrorMessage(row.code, row.params ?? undefined) : null,
  };
}

/**
 * Starts a draft import as a background job with these options: every row is checked again now, the
 * refused and skipped ones settled at once, and the job imports the rest one by one (progress on the
 * event stream). A file of which no row can be imported or skipped is refused, and nothing starts.
 */
export async function startLineImport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  options: LineImportOptions,
): Promise<LineImport> {
  const record = await ownImport(ctx, actor, id);
  if (record.status !== 'draft') throw new AppError('LINE_IMPORT_STARTED');
  const rows = await lineImportRepository.allRows(ctx.db, record.id);
  const checked = await checkRowsWith(ctx, record, options, rows, { askAgent: true });
  if (checked.every((row) => row.status === 'refused')) throw new AppError('LINE_IMPORT_NOTHING_TO_IMPORT');
  const outcomes = checked.map((row, i) => outcomeOf(rows[i]!.id, row));
  const queued = await ctx.db.transaction(async (txRaw) =>
    lineImportRepository.queue(txRaw, record.id, options, outcomes),
  );
  if (!queued) throw new AppError('LINE_IMPORT_STARTED');
  const counted = (await lineImportRepository.refreshCounts(ctx.db, record.id)) ?? record;
  await publishImportChange(ctx, counted);
  return importView(ctx, counted);
}
