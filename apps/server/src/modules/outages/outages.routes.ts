import { outageContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { listOutages } from './outages.service.js';

export function registerOutageRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, outageContracts.list, ({ actor }) => listOutages(ctx, actor));
}
