import { contractGroup } from '../contract.js';
import type { ErrorCode } from '../errors.js';
import {
  lineImportOptionsSchema,
  lineImportPreviewBodySchema,
  lineImportPreviewSchema,
  lineImportSchema,
} from '../line-import.js';
import { idParamsSchema } from '../schema-blocks.js';

/** Admins import lines for any account: the owners come from the file, and so may the charge. */
const importContract = contractGroup({ access: 'admin', tags: ['lines'] });

/** What the preview and the start both refuse in their options, before anything is written. */
const optionRefusals = [
  'LINE_IMPORT_NOT_FOUND',
  'LINE_IMPORT_COLUMN_REQUIRED',
  'LINE_IMPORT_COLUMN_MISSING',
  'LINE_IMPORT_DEFAULT_EXPIRY_INVALID',
  'LINE_PLAN_NOT_FOUND',
  'LINE_NO_ACTIVE_SERVERS',
  'SERVER_NOT_FOUND',
  // A config file's accounts go only to an agent that writes that file: it is asked which it writes.
  'LINE_IMPORT_SERVER_FORMAT',
  'SERVER_CONFIG_INCOMPLETE',
  'SERVER_CONNECTION_FAILED',
  'SERVER_AUTH_FAILED',
  'SERVER_API_NOT_RESPONDING',
] as const satisfies readonly ErrorCode[];

export const upload = importContract({
  method: 'POST',
  path: '/api/line-imports',
  summary: 'Upload a file of lines to import: a CSV, a CCcam.cfg or an oscam.user (nothing is imported yet)',
  description:
    'multipart/form-data with a `file` (at most 8 MB, 20,000 rows) and optional fields `format` (`auto`, `csv`, `cccam`, `oscam`) and `encoding` (`auto`, `utf-8`, `windows-1252`; auto reads UTF-8, with or without BOM, and falls back to Windows-1252 on invalid bytes). A CSV may be separated by `,` `;` or tabs (detected) and may have a header row. The answer holds the columns, the first rows and a suggested mapping; the file is kept as an import record for the preview and the start.',
  status: 201,
  response: lineImportSchema,
  errors: [
    'LINE_IMPORT_FILE_REQUIRED',
    'LINE_IMPORT_FILE_TOO_LARGE',
    'LINE_IMPORT_TOO_MANY_ROWS',
    'LINE_IMPORT_EMPTY',
    'LINE_IMPORT_CSV_INVALID',
    'LINE_IMPORT_NOT_A_CONFIG',
  ],
});

export const get = importContract({
  method: 'GET',
  path: '/api/line-imports/:id',
  summary:
    "An import: its file's columns, and once started its progress (live on the event stream, line_imports)",
  params: idParamsSchema,
  response: lineImportSchema,
  errors: ['LINE_IMPORT_NOT_FOUND'],
});

export const preview = importContract({
  method: 'POST',
  path: '/api/line-imports/:id/preview',
  summary:
    'Dry run: every row checked with the mapping and options (the rules of a created line), totals, credits per owner and one page of rows; nothing is written',
  params: idParamsSchema,
  body: lineImportPreviewBodySchema,
  response: lineImportPreviewSchema,
  errors: optionRefusals,
});

export const start = importContract({
  method: 'POST',
  path: '/api/line-imports/:id/start',
  summary:
    'Import the rows in the background: each row on its own (a refused row changes nothing), a row whose username exists with the same owner is skipped',
  params: idParamsSchema,
  body: lineImportOptionsSchema,
  status: 202,
  response: lineImportSchema,
  errors: [...optionRefusals, 'LINE_IMPORT_STARTED', 'LINE_IMPORT_NOTHING_TO_IMPORT'],
});

export const resultsCsv = importContract({
  method: 'GET',
  path: '/api/line-imports/:id/results.csv',
  summary: 'Every row of an import and what came of it (imported, skipped or refused with its reason)',
  params: idParamsSchema,
  response: null,
  errors: ['LINE_IMPORT_NOT_FOUND'],
});
