import { billingContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getMyBilling, getSellerDetails, setMyBilling, setSellerDetails } from './billing.service.js';

export function registerBillingRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, billingContracts.getSeller, ({ actor }) => getSellerDetails(ctx, actor));
  route(app, ctx, billingContracts.setSeller, ({ actor, body }) => setSellerDetails(ctx, actor, body));
  route(app, ctx, billingContracts.getMine, ({ actor }) => getMyBilling(ctx, actor));
  route(app, ctx, billingContracts.setMine, ({ actor, body }) => setMyBilling(ctx, actor, body));
}
