import { Readable } from 'node:stream';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  lineContracts,
  lineEndedContracts,
  lineFreezeContracts,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import { createLine } from './line-create.service.js';
import { deleteLine } from './line-delete.service.js';
import { exportLinesCsv, getLine, listLineEvents, listLines } from './line-queries.service.js';
import { renewLine } from './line-renew.service.js';
import { freezeLine, unfreezeLine } from './line-freeze.service.js';
import { restoreLine } from './line-archive.service.js';
import {
  approveFreezeRequest,
  lineFreezeRequest,
  refuseFreezeRequest,
} from '../portal/portal-freeze-request.service.js';
import { reconcileServerLines, syncLine } from './line-resync.service.js';
import { getLineSettings, updateLineSettings } from './line-settings.service.js';
import { updateLine } from './line-update.service.js';

export function registerLineRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, lineContracts.list, ({ actor, query }) => listLines(ctx, actor, query));
  route(app, ctx, lineContracts.exportCsv, async ({ actor, query, reply }) => {
    const rows = await exportLinesCsv(ctx, actor, query);
    const name = `lines-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });
  route(app, ctx, lineContracts.create, async ({ actor, body, request, reply }) => {
    const { replayed, ...result } = await createLine(ctx, actor, body, idempotencyRequest(request));
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return result;
  });
  route(app, ctx, lineContracts.get, ({ actor, params }) => getLine(ctx, actor, params.id));
  route(app, ctx, lineContracts.update, ({ actor, params, body }) => updateLine(ctx, actor, params.id, body));
  route(app, ctx, lineContracts.remove, ({ actor, params }) => deleteLine(ctx, actor, params.id));
  route(app, ctx, lineContracts.renew, async ({ actor, params, body, request, reply }) => {
    const { replayed, ...result } = await renewLine(ctx, actor, params.id, body, idempotencyRequest(request));
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return result;
  });
  route(app, ctx, lineFreezeContracts.freeze, ({ actor, params }) => freezeLine(ctx, actor, params.id));
  route(app, ctx, lineFreezeContracts.unfreeze, ({ actor, params }) => unfreezeLine(ctx, actor, params.id));
  route(app, ctx, lineEndedContracts.restore, ({ actor, params }) => restoreLine(ctx, actor, params.id));
  route(app, ctx, lineFreezeContracts.freezeRequest, ({ actor, params }) =>
    lineFreezeRequest(ctx, actor, params.id),
  );
  route(app, ctx, lineFreezeContracts.approveFreezeRequest, ({ actor, params }) =>
    approveFreezeRequest(ctx, actor, params.id),
  );
  route(app, ctx, lineFreezeContracts.refuseFreezeRequest, ({ actor, params }) =>
    refuseFreezeRequest(ctx, actor, params.id),
  );
  route(app, ctx, lineContracts.sync, ({ actor, params }) => syncLine(ctx, actor, params.id));
  route(app, ctx, lineContracts.events, ({ actor, params }) => listLineEvents(ctx, actor, params.id));
  route(app, ctx, lineContracts.getSettings, ({ actor }) => getLineSettings(ctx, actor));
  route(app, ctx, lineContracts.setSettings, ({ actor, body }) => updateLineSettings(ctx, actor, body));
  route(app, ctx, lineContracts.reconcile, ({ actor, params, query }) =>
    reconcileServerLines(ctx, actor, params.id, { confirmRemovals: query.confirm_removals === true }),
  );
}
