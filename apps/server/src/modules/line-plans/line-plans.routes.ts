import { linePlanContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { createLinePlan, listLinePlans, updateLinePlan } from './line-plans.service.js';

export function registerLinePlanRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, linePlanContracts.list, async ({ actor, query }) => ({
    items: await listLinePlans(ctx, actor, query.include_archived),
  }));
  route(app, ctx, linePlanContracts.create, ({ actor, body }) => createLinePlan(ctx, actor, body));
  route(app, ctx, linePlanContracts.update, ({ actor, params, body }) =>
    updateLinePlan(ctx, actor, params.id, body),
  );
}
