import { Readable } from 'node:stream';
import {
  auditEntrySchema,
  auditFilterSchema,
  auditListQuerySchema,
  listResponseSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { exportAuditCsv, listAuditLog } from './audit.service.js';

const tags = ['audit'];

/** Read-only by design: the log has no route that edits or deletes an entry. */
export function registerAuditRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/audit-log',
    {
      schema: {
        tags,
        summary:
          'Administrative actions, newest first (admins: all; resellers: actions on their own sub-accounts)',
        querystring: auditListQuerySchema,
        response: { 200: listResponseSchema(auditEntrySchema) },
      },
    },
    async (request, reply) => listAuditLog(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.get(
    '/api/audit-log/export.csv',
    {
      schema: {
        tags,
        summary: 'CSV of the audit log with the same filters and scope (paging ignored)',
        querystring: auditFilterSchema,
      },
    },
    async (request, reply) => {
      const rows = await exportAuditCsv(ctx, await getActor(ctx, request, reply), request.query);
      const name = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  );
}
