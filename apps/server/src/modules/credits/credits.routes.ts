import { creditContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { listLedger } from './ledger.service.js';

export function registerCreditRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, creditContracts.listLedger, ({ actor, query }) => listLedger(ctx, actor, query));
}
