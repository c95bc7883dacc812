import { IDEMPOTENT_REPLAYED_HEADER, redeemContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import {
  createRedeemCodes,
  deleteRedeemCode,
  listRedeemCodes,
  listRedeemHistory,
  redeemCode,
  updateRedeemCode,
} from './redeem.service.js';

export function registerRedeemRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, redeemContracts.listCodes, ({ query }) => listRedeemCodes(ctx, query));
  route(app, ctx, redeemContracts.createCodes, async ({ actor, body }) => ({
    items: await createRedeemCodes(ctx, actor, body),
  }));
  route(app, ctx, redeemContracts.updateCode, ({ actor, params, body }) =>
    updateRedeemCode(ctx, actor, params.id, body),
  );
  route(app, ctx, redeemContracts.deleteCode, ({ actor, params }) => deleteRedeemCode(ctx, actor, params.id));
  route(app, ctx, redeemContracts.redeem, async ({ actor, body, request, reply }) => {
    const { key, scope } = idempotencyRequest(request);
    const outcome = await redeemCode(ctx, actor, body, { idempotencyKey: key, scope });
    if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    // A replay answers the status first stored with the key, not necessarily the contract's.
    return reply.status(outcome.status).send(outcome.body);
  });
  route(app, ctx, redeemContracts.listHistory, ({ actor, query }) => listRedeemHistory(ctx, actor, query));
}
