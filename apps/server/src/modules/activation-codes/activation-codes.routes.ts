import { Readable } from 'node:stream';
import { activationCodeContracts, IDEMPOTENT_REPLAYED_HEADER } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import { activateCode } from './activation-code-activate.service.js';
import { generateActivationCodes, previewActivationCodes } from './activation-code-generate.service.js';
import { exportActivationCodesCsv, listActivationCodes } from './activation-code-list.service.js';
import { voidActivationCode } from './activation-code-void.service.js';

export function registerActivationCodeRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, activationCodeContracts.preview, ({ actor, body }) =>
    previewActivationCodes(ctx, actor, body),
  );
  route(app, ctx, activationCodeContracts.generate, async ({ actor, body, request, reply }) => {
    const { replayed, ...generated } = await generateActivationCodes(
      ctx,
      actor,
      body,
      idempotencyRequest(request),
    );
    if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return generated;
  });
  route(app, ctx, activationCodeContracts.list, ({ actor, query }) => listActivationCodes(ctx, actor, query));
  route(app, ctx, activationCodeContracts.exportCsv, ({ actor, query, reply }) => {
    const rows = exportActivationCodesCsv(ctx, actor, query);
    const name = `activation-codes-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });
  route(app, ctx, activationCodeContracts.voidCode, ({ actor, params }) =>
    voidActivationCode(ctx, actor, params.id),
  );
  route(app, ctx, activationCodeContracts.activate, ({ actor, body }) => activateCode(ctx, actor, body));
}
