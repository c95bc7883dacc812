import { healthContracts } from '@linedesk/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { pingDatabase } from '../../db/client.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';

/** The answer while the database is unreachable: load balancers take the instance out on it. */
const downSchema = z.object({ status: z.literal('error'), db: z.literal('error') });

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  // Load balancers call this every few seconds: only warnings and errors reach the log.
  void app.register(
    async (plugin) => {
      // A contract has one successful answer; the 503 is documented beside it here.
      plugin.addHook('onRoute', (options) => {
        if (options.schema?.response) {
          options.schema.response = { ...(options.schema.response as object), 503: downSchema };
        }
      });
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
