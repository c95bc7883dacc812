import { dashboardQuerySchema, dashboardSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { getDashboard } from './dashboard.service.js';

export function registerDashboardRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Figures and chart series for the dashboard home',
        description:
          'Admins get the whole panel, or one owner with `owner_id`; resellers their own lines and spending.',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request, reply) => getDashboard(ctx, await getActor(ctx, request, reply), request.query),
  );
}
