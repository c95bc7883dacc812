import { csvRecord, type LineImport } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { LINE_IMPORT_CSV_HEADER } from './line-import-read.service.js';

const draft: LineImport = {
  id: 12,
  file_name: 'lines.csv',
  format: 'csv',
  encoding: 'utf-8',
  delimiter: ';',
  columns: ['username', 'password', 'expiry', 'owner_email'],
  sample: [['anna01', 'Tq7mZp2x', '31.12.2027', 'shop@example.com']],
  suggested_mapping: { username: 0, password: 1, expiry: 2, owner_email: 3 },
  status: 'draft',
  total: 250,
  done: 0,
  imported: 0,
  skipped: 0,
  refused: 0,
  charged: 0,
  attempts: 0,
  last_error: null,
  created_at: '2026-11-25T09:14:03.512Z',
  finished_at: null,
  results: null,
};

const options = {
  mapping: { username: 0, password: 1, expiry: 2, owner_email: 3 },
  server_id: 3,
  charge: false,
};

export const lineImportExamples: RouteExamples = {
  'POST /api/line-imports': {
    rawBody: {
      contentType: 'multipart/form-data',
      example: [
        '--LinedeskBoundary',
        'Content-Disposition: form-data; name="format"',
        '',
        'auto',
        '--LinedeskBoundary',
        'Content-Disposition: form-data; name="file"; filename="lines.csv"',
        'Content-Type: text/csv',
        '',
        'username;password;expiry;owner_email',
        'anna01;Tq7mZp2x;31.12.2027;shop@example.com',
        '--LinedeskBoundary--',
      ].join('\r\n'),
    },
    response: draft,
    errors: [
      ['LINE_IMPORT_TOO_MANY_ROWS', { rows: 100000, max: 20000 }],
      ['LINE_IMPORT_NOT_A_CONFIG', { format: 'CCcam.cfg' }],
      ['LINE_IMPORT_FILE_TOO_LARGE', { max_mb: 8 }],
    ],
  },
  'GET /api/line-imports/:id': {
    params: { id: 12 },
    response: { ...draft, status: 'running', done: 120, imported: 117, skipped: 2, refused: 1 },
    errors: ['LINE_IMPORT_NOT_FOUND'],
  },
  'POST /api/line-imports/:id/preview': {
    params: { id: 12 },
    body: { ...options, page: 1, page_size: 50, status: 'refused' },
    response: {
      total: 250,
      ok: 247,
      skipped: 2,
      refused: 1,
      charges: [],
      ambiguous_dates: 0,
      differing: 0,
      matching: 1,
      rows: [
        {
          row: 7,
          username: 'bob',
          owner_email: 'nobody@example.com',
          expiry_date: '2027-12-31',
          plan: null,
          charge: 0,
          status: 'refused',
          code: 'LINE_IMPORT_OWNER_NOT_FOUND',
          params: { email: 'nobody@example.com' },
          entry: null,
          differences: [],
        },
      ],
    },
    errors: [
      ['LINE_IMPORT_COLUMN_REQUIRED', { field: 'username' }],
      ['LINE_IMPORT_SERVER_FORMAT', { backend: 'oscam.user', format: 'CCcam.cfg' }],
    ],
  },
  'POST /api/line-imports/:id/start': {
    params: { id: 12 },
    body: options,
    response: { ...draft, status: 'queued', done: 3, skipped: 2, refused: 1 },
    errors: ['LINE_IMPORT_STARTED', 'LINE_IMPORT_NOTHING_TO_IMPORT'],
  },
  'GET /api/line-imports/:id/results.csv': {
    params: { id: 12 },
    rawResponse: {
      contentType: 'text/csv',
      example:
        csvRecord(LINE_IMPORT_CSV_HEADER) +
        csvRecord([1, 'anna01', 'done', null, null, 0, 4411]) +
        csvRecord([
          7,
          'bob',
          'refused',
          'LINE_IMPORT_OWNER_NOT_FOUND',
          'No account has the email nobody@example.com',
          0,
          null,
        ]),
    },
    errors: ['LINE_IMPORT_NOT_FOUND'],
  },
};
