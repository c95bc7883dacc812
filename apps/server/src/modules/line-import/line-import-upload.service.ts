import {
  lineImportEncodings,
  lineImportFormats,
  LINE_IMPORT_MAX_BYTES,
  type LineImport,
  type LineImportEncoding,
  type LineImportFormat,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../tickets/attachment-http.js';
import { readImportFile } from './line-import-file.js';
import { importView } from './line-import-read.service.js';
import { lineImportRepository } from './line-import.repository.js';

export type ImportUpload = { file: UploadedFile | null; format?: string; encoding?: string };

export const LINE_IMPORT_MAX_MB = LINE_IMPORT_MAX_BYTES / (1024 * 1024);

const oneOf = <T extends string>(list: readonly T[], value: string | undefined, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/**
 * Reads an uploaded file of lines and keeps it as a draft import: its columns, a suggested mapping
 * and every data row's cells, so the preview and the start never need the upload again. A file too
 * large, with too many rows or not what it claims is refused whole, and nothing is kept.
 */
export async function uploadLineImport(
  ctx: AppContext,
  actor: Actor,
  readUpload: () => Promise<ImportUpload>,
): Promise<LineImport> {
  const me = access.admin(actor);
  const upload = await readUpload();
  if (!upload.file || upload.file.bytes.length === 0) throw new AppError('LINE_IMPORT_FILE_REQUIRED');
  const fileName = (upload.file.fileName ?? '').slice(0, 200) || 'import.csv';
  const read = readImportFile(upload.file.bytes, {
    fileName,
    format: oneOf<LineImportFormat | 'auto'>([...lineImportFormats, 'auto'], upload.format, 'auto'),
    encoding: oneOf<LineImportEncoding>(lineImportEncodings, upload.encoding, 'auto'),
  });
  const record = await ctx.db.transaction(async (tx) => {
    const created = await lineImportRepository.insertImport(tx, {
      accountId: me.id,
      fileName,
      format: read.format,
      encoding: read.encoding,
      delimiter: read.delimiter,
      columns: read.columns,
      suggestedMapping: read.suggestedMapping,
      total: read.rows.length,
    });
    await lineImportRepository.insertRows(tx, created.id, read.rows, read.entries);
    return created;
  });
  return importView(ctx, record);
}
