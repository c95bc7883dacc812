import { paymentMethodContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  createPaymentMethod,
  deletePaymentMethod,
  listAvailablePaymentMethods,
  listPaymentMethods,
  updatePaymentMethod,
} from './payment-methods.service.js';

export function registerPaymentMethodRoutes(app: App, ctx: AppContext): void {
  const c = paymentMethodContracts;
  route(app, ctx, c.list, ({ actor }) => listPaymentMethods(ctx, actor));
  route(app, ctx, c.available, ({ actor, query }) => listAvailablePaymentMethods(ctx, actor, query.currency));
  route(app, ctx, c.create, ({ actor, body }) => createPaymentMethod(ctx, actor, body));
  route(app, ctx, c.update, ({ actor, params, body }) => updatePaymentMethod(ctx, actor, params.id, body));
  route(app, ctx, c.remove, ({ actor, params }) => deletePaymentMethod(ctx, actor, params.id));
}
