import { systemStatusSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { getSystemStatus } from './system-status.service.js';

export function registerSystemStatusRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/system/status',
    {
      schema: {
        tags: ['system'],
        summary: 'Database, migrations, event stream, background jobs, outbox, mail and uptime (admin)',
        description: 'For people; load balancers use GET /api/health.',
        response: { 200: systemStatusSchema },
      },
    },
    async (request, reply) => getSystemStatus(ctx, await getActor(ctx, request, reply)),
  );
}
