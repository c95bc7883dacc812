import type { RouteExamples } from '../../platform/openapi-examples.js';
import { line, written } from './lines.examples.js';

const frozen = {
  ...written,
  charged: 0,
  line: {
    ...line,
    enabled: false,
    status: 'frozen' as const,
    frozen_at: '2026-12-01T10:00:00.000Z',
    frozen_days: 83,
  },
};

export const lineFreezeExamples: RouteExamples = {
  'POST /api/lines/:id/freeze': {
    params: { id: 42 },
    response: frozen,
    errors: [
      'LINE_NOT_FOUND',
      'LINE_FREEZE_EXPIRED',
      'LINE_ALREADY_FROZEN',
      ['LINE_FREEZE_LIMIT_REACHED', { used: 2, limit: 2 }],
    ],
  },
  'POST /api/lines/:id/unfreeze': {
    params: { id: 42 },
    response: {
      ...written,
      charged: 0,
      line: { ...line, expiry_date: '2027-03-15', frozen_at: null, frozen_days: null },
    },
    errors: ['LINE_NOT_FOUND', 'LINE_NOT_FROZEN'],
  },
  'POST /api/lines/:id/restore': {
    params: { id: 42 },
    response: {
      ...written,
      charged: 0,
      line: { ...line, expiry_date: '2026-10-31', status: 'expired' as const, archived_at: null },
    },
    errors: ['LINE_NOT_FOUND', 'LINE_NOT_ARCHIVED'],
  },
  'GET /api/lines/:id/freeze-request': {
    params: { id: 42 },
    response: {
      request: {
        line_id: 42,
        requested_at: '2026-06-20T18:02:11.000Z',
        starts_on: '2026-07-01',
        days: 14,
        decision: 'scheduled' as const,
        decided_at: '2026-06-21T08:30:00.000Z',
      },
    },
    errors: ['LINE_NOT_FOUND'],
  },
  'POST /api/lines/:id/freeze-request/approve': {
    params: { id: 42 },
    response: frozen,
    errors: ['PORTAL_FREEZE_REQUEST_NOT_FOUND', 'LINE_FREEZE_EXPIRED'],
  },
  'POST /api/lines/:id/freeze-request/refuse': {
    params: { id: 42 },
    response: {
      line_id: 42,
      requested_at: '2026-06-20T18:02:11.000Z',
      starts_on: '2026-07-01',
      days: 14,
      decision: 'refused' as const,
      decided_at: '2026-06-21T08:30:00.000Z',
    },
    errors: ['PORTAL_FREEZE_REQUEST_NOT_FOUND'],
  },
};
