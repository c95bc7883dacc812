import { healthContracts, readinessDownSchema } from '@linedesk/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { readiness } from './health.service.js';
import { pingDatabase } from '../../db/client.js';

/** The answer while the database is unreachable: load balancers take the instance out on it. */
const downSchema = z.object({ status: z.literal('error'), db: z.literal('error') });

/** Each route's 503 answer, documented beside its contract's one successful answer. */
const unavailable: Record<string, z.ZodType> = {
  [healthContracts.get.path]: downSchema,
  [healthContracts.ready.path]: readinessDownSchema,
};

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  // Load balancers call these every few seconds: only warnings and errors reach the log.
  void app.register(
    async (plugin) => {
      plugin.addHook('onRoute', (options) => {
        const down = unavailable[options.url ?? ''];
        if (down && options.schema?.response) {
          options.schema.response = { ...(options.schema.response as object), 503: down };
        }
      });
      const typed = plugin.withTypeProvider<ZodTypeProvider>() as App;
      route(typed, ctx, healthContracts.get, async ({ reply }) => {
        try {
          await pingDatabase(ctx.db);
          return { status: 'ok' as const, db: 'ok' as const };
        } catch {
          return reply.status(503).send({ status: 'error' as const, db: 'error' as const });
        }
      });
      // The process answers: nothing else is asked, so a slow database never gets an instance restarted.
      route(typed, ctx, healthContracts.live, () => ({ status: 'ok' as const }));
      route(typed, ctx, healthContracts.ready, async ({ reply }) => {
        const state = await readiness(ctx);
        if (state.ready) return { status: 'ok' as const, db: 'ok' as const, migrations: 'ok' as const };
        return reply.status(503).send(state.down);
      });
    },
    { logLevel: 'warn' },
  );
}
