import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { pingDatabase } from '../../db/client.js';
import type { App } from '../../platform/fastify.js';

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Liveness for load balancers; 503 when the database is unreachable',
        response: {
          200: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), db: z.literal('error') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'error' as const, db: 'error' as const });
      }
    },
  );
}
