import { pricingContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  createCreditPackage,
  deleteCreditPackage,
  getPricing,
  listCreditPackages,
  updateCreditPackage,
} from './pricing.service.js';

export function registerPricingRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, pricingContracts.getPricing, () => getPricing(ctx));
  route(app, ctx, pricingContracts.listPackages, async ({ actor, query }) => ({
    items: await listCreditPackages(ctx, actor, query.include_inactive),
  }));
  route(app, ctx, pricingContracts.createPackage, ({ actor, body }) => createCreditPackage(ctx, actor, body));
  route(app, ctx, pricingContracts.updatePackage, ({ actor, params, body }) =>
    updateCreditPackage(ctx, actor, params.id, body),
  );
  route(app, ctx, pricingContracts.deletePackage, ({ actor, params }) =>
    deleteCreditPackage(ctx, actor, params.id),
  );
}
