import { Readable } from 'node:stream';
import { IDEMPOTENT_REPLAYED_HEADER, lineBulkContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import { getLineBulk, lineBulkResultsCsv, previewLineBulk, startLineBulk } from './line-bulk.service.js';
import { previewLineMove, startLineMove } from './line-move.service.js';

export function registerLineBulkRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, lineBulkContracts.preview, ({ actor, body }) => previewLineBulk(ctx, actor, body));
  route(app, ctx, lineBulkContracts.start, async ({ actor, body, request, reply }) => {
    const { job, replayed } = await startLineBulk(ctx, actor, body, idempotencyRequest(request));
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return job;
  });
  route(app, ctx, lineBulkContracts.movePreview, ({ actor, body }) => previewLineMove(ctx, actor, body));
  route(app, ctx, lineBulkContracts.moveStart, ({ actor, body }) => startLineMove(ctx, actor, body));
  route(app, ctx, lineBulkContracts.get, ({ actor, params }) => getLineBulk(ctx, actor, params.id));
  route(app, ctx, lineBulkContracts.resultsCsv, async ({ actor, params, reply }) => {
    const rows = await lineBulkResultsCsv(ctx, actor, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="line-bulk-${params.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });
}
