import { reportContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getReport } from './reports.service.js';

export function registerReportRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, reportContracts.get, ({ actor, query }) => getReport(ctx, actor, query));
}
