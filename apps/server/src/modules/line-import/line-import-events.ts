import type { AppContext } from '../../app-context.js';
import { publishJobProgress } from '../../platform/leased-job.js';
import type { ImportRecord } from './line-import.repository.js';

/** The import's progress, live to the admin who started it. */
export function publishImportChange(ctx: AppContext, record: Pick<ImportRecord, 'id' | 'accountId'>) {
  return publishJobProgress(ctx, 'line_imports', record);
}
