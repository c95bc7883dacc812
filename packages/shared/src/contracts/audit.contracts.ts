import { auditEntrySchema, auditFilterSchema, auditListQuerySchema } from '../audit.js';
import { defineContract } from '../contract.js';
import { listResponseSchema } from '../list.js';

const tags = ['audit'];

export const list = defineContract({
  method: 'GET',
  path: '/api/audit-log',
  access: { permission: 'add_credits' },
  tags,
  summary: 'Administrative actions, newest first (admins: all; resellers: actions on their own sub-accounts)',
  query: auditListQuerySchema,
  response: listResponseSchema(auditEntrySchema),
  errors: ['FORBIDDEN'],
});

/** A file the browser downloads by URL. */
export const exportCsv = defineContract({
  method: 'GET',
  path: '/api/audit-log/export.csv',
  access: { permission: 'add_credits' },
  tags,
  summary: 'CSV of the audit log with the same filters and scope (paging ignored)',
  query: auditFilterSchema,
  response: null,
  errors: ['FORBIDDEN'],
});
