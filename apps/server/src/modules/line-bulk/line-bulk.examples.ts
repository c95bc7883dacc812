import { csvRecord, type LineBulkJob } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { LINE_BULK_CSV_HEADER } from './line-bulk.service.js';

const job: LineBulkJob = {
  id: 17,
  action: 'renew',
  status: 'running',
  total: 120,
  done: 50,
  succeeded: 49,
  refused: 1,
  charged: 98,
  attempts: 0,
  last_error: null,
  created_at: '2026-11-22T09:14:03.512Z',
  finished_at: null,
  refusals: [
    {
      line_id: 9001,
      username: null,
      result: 'refused',
      code: 'LINE_NOT_FOUND',
      message: 'Line not found',
      charged: 0,
    },
  ],
};

export const lineBulkExamples: RouteExamples = {
  'POST /api/lines/bulk/preview': {
    body: { action: 'renew', filter: { status: 'expired' }, subscription_months: 1 },
    response: {
      action: 'renew',
      count: 120,
      refused: 0,
      charge_per_line: 2,
      charge_total: 240,
      balance: 300,
      sufficient: true,
      refusal: null,
    },
    errors: [
      'LINE_BULK_NOTHING_SELECTED',
      'LINE_INVALID_DURATION',
      'LINE_TRANSFER_TARGET_NOT_FOUND',
      ['LINE_LIMIT_REACHED', { limit: 100, account: 'sub@example.com' }],
      'LINE_BULK_PLAN_REQUIRED',
      'LINE_PLAN_NOT_FOUND',
    ],
  },
  'POST /api/lines/bulk': {
    body: { action: 'renew', ids: [41, 42, 9001], subscription_months: 1 },
    response: job,
    errors: [
      ['INSUFFICIENT_CREDITS', { required: 240, available: 100 }],
      'LINE_BULK_NOTHING_SELECTED',
      ['LINE_BULK_TOO_MANY', { max: 10000 }],
      ['LINE_BULK_INVALID_COUNT', { max: 500 }],
      'LINE_TRANSFER_CREDITS_ONE_OWNER',
    ],
  },
  'POST /api/lines/server-move/preview': {
    body: { source_server_id: 3, target_server_id: 6 },
    response: { count: 312, refused: 0, address_changes: true },
    errors: [
      ['LINE_MOVE_PROTOCOL_MISMATCH', { from: 'CCcam', to: 'NewCamd' }],
      'LINE_MOVE_SAME_SERVER',
      'LINE_MOVE_SOURCE_REQUIRED',
      'SERVER_NOT_FOUND',
    ],
  },
  'POST /api/lines/server-move': {
    body: { ids: [41, 42], target_server_id: 6 },
    response: {
      ...job,
      id: 19,
      action: 'move_server',
      status: 'queued',
      total: 2,
      done: 0,
      succeeded: 0,
      refused: 0,
      charged: 0,
      refusals: [],
    },
    errors: [
      ['LINE_MOVE_PROTOCOL_MISMATCH', { from: 'CCcam', to: 'NewCamd' }],
      'LINE_MOVE_SAME_SERVER',
      'LINE_BULK_NOTHING_SELECTED',
    ],
  },
  'GET /api/lines/bulk/:id': {
    params: { id: 17 },
    response: {
      ...job,
      status: 'done',
      done: 120,
      succeeded: 119,
      charged: 238,
      finished_at: '2026-11-22T09:14:09.100Z',
    },
    errors: ['LINE_BULK_NOT_FOUND'],
  },
  'GET /api/lines/bulk/:id/results.csv': {
    params: { id: 18 },
    rawResponse: {
      contentType: 'text/csv',
      example:
        csvRecord(LINE_BULK_CSV_HEADER) +
        csvRecord([
          'shop-k3x9qa',
          'Tq7mZp2xKa4n',
          'C: tv.example.com 12000 shop-k3x9qa Tq7mZp2xKa4n',
          'done',
          null,
          null,
          2,
          43,
        ]) +
        csvRecord([
          'shop-p8w2mc',
          null,
          null,
          'refused',
          'INSUFFICIENT_CREDITS',
          'Insufficient credits. Required: 2, Available: 0',
          0,
          null,
        ]),
    },
    errors: ['LINE_BULK_NOT_FOUND'],
  },
};
