import { Readable } from 'node:stream';
import { auditContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { exportAuditCsv, listAuditLog } from './audit.service.js';

/** Read-only by design: the log has no route that edits or deletes an entry. */
export function registerAuditRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, auditContracts.list, ({ actor, query }) => listAuditLog(ctx, actor, query));
  route(app, ctx, auditContracts.exportCsv, async ({ actor, query, reply }) => {
    const rows = await exportAuditCsv(ctx, actor, query);
    const name = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });
}
