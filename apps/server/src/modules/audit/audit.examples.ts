import { csvRecord, type AuditEntry } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { AUDIT_CSV_HEADER } from './audit.service.js';

const ADMIN_ID = '0b7e4c2a-5d1f-4e8b-9a3c-6f2d8e1b7a40';
const CUSTOMER_ID = '3f6a1d8e-92c4-4b7a-8e05-d1c9b27f4a63';

const creditsSet: AuditEntry = {
  id: 9182,
  created_at: '2026-12-03T10:14:52.381Z',
  action: 'credits.set',
  actor_id: ADMIN_ID,
  actor_email: 'admin@example.com',
  api_key_id: null,
  target_account_id: CUSTOMER_ID,
  target_email: 'shop@example.com',
  entity_type: null,
  entity_id: null,
  before: { credits: 40 },
  after: { credits: 25, note: 'Refund of order 1182 reversed' },
  ip: '203.0.113.24',
};

// A server's new password: the log says it changed, never what it is.
const serverEdit: AuditEntry = {
  ...creditsSet,
  id: 9181,
  created_at: '2026-12-03T09:58:07.004Z',
  action: 'server.update',
  target_account_id: null,
  target_email: null,
  entity_type: 'server' as const,
  entity_id: '4',
  before: { host_ip: '198.51.100.7', password: 'changed' },
  after: { host_ip: '198.51.100.9', password: 'changed' },
};

export const auditExamples: RouteExamples = {
  'GET /api/audit-log': {
    query: { page: 1, page_size: 25, target: 'shop@example.com', from: '2026-12-01', to: '2026-12-03' },
    response: { items: [creditsSet, serverEdit], total: 2, page: 1, page_size: 25 },
  },
  'GET /api/audit-log/export.csv': {
    query: { action: 'credits.set', from: '2026-12-01' },
    rawResponse: {
      contentType: 'text/csv',
      example:
        csvRecord(AUDIT_CSV_HEADER) +
        csvRecord([
          creditsSet.created_at,
          creditsSet.action,
          creditsSet.actor_email,
          creditsSet.target_email,
          null,
          JSON.stringify(creditsSet.before),
          JSON.stringify(creditsSet.after),
          creditsSet.ip,
        ]),
    },
  },
};
