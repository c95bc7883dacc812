import { healthContracts } from '@linedesk/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { pingDatabase } from '../../db/client.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  // Load balancers call this every few seconds: only warnings and errors reach the log.
  void app.register(
    async (plugin) => {
      route(
        plugin.withTypeProvider<ZodTypeProvider>() as App,
        ctx,
        healthContracts.get,
        async ({ reply }) => {
          try {
            await pingDatabase(ctx.db);
            return { status: 'ok' as const, db: 'ok' as const };
          } catch {
            return reply.status(503).send({ status: 'error' as const, db: 'error' as const });
          }
        },
      );
    },
    { logLevel: 'warn' },
  );
}
