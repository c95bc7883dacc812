import { resellerTermsContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getResellerTerms, setResellerLimits, setResellerPrices } from './reseller-terms.service.js';
import { getTierPrices, setTierPrices } from './tier-prices.service.js';

export function registerResellerTermsRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, resellerTermsContracts.get, ({ actor, params }) => getResellerTerms(ctx, actor, params.id));
  route(app, ctx, resellerTermsContracts.setPrices, ({ actor, params, body }) =>
    setResellerPrices(ctx, actor, params.id, body),
  );
  route(app, ctx, resellerTermsContracts.setLimits, ({ actor, params, body }) =>
    setResellerLimits(ctx, actor, params.id, body),
  );
  route(app, ctx, resellerTermsContracts.getTierPrices, ({ params }) => getTierPrices(ctx, params.id));
  route(app, ctx, resellerTermsContracts.setTierPrices, ({ actor, params, body }) =>
    setTierPrices(ctx, actor, params.id, body),
  );
}
