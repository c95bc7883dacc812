import type { AppContext } from '../../app-context.js';
import type { ImportRecord } from './line-import.repository.js';

/** The import's progress, live to the admin who started it. */
export async function publishImportChange(ctx: AppContext, record: Pick<ImportRecord, 'id' | 'accountId'>) {
  await ctx.bus.publish({
    table: 'line_imports',
    action: 'update',
    id: String(record.id),
    audience: [record.accountId],
  });
}
