import type { LineImport } from '@linedesk/shared';
import type { ImportRecord } from './line-import.repository.js';

export function toLineImport(
  record: ImportRecord,
  sample: string[][],
  results: LineImport['results'],
): LineImport {
  return {
    id: record.id,
    file_name: record.fileName,
    format: record.format,
    encoding: record.encoding,
    delimiter: record.delimiter,
    columns: record.columns,
    sample,
    suggested_mapping: record.suggestedMapping,
    status: record.status,
    total: record.total,
    done: record.imported + record.skipped + record.refused,
    imported: record.imported,
    skipped: record.skipped,
    refused: record.refused,
    charged: record.charged,
    attempts: record.attempts,
    last_error: record.lastError,
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
    results,
  };
}
