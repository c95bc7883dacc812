import { metricsContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { checkScraper, scrapeMetrics } from './metrics.service.js';

export function registerMetricsRoutes(app: App, ctx: AppContext): void {
  // Prometheus asks every 15 s or so: only warnings and errors reach the log.
  void app.register(
    async (plugin) => {
      route(plugin as App, ctx, metricsContracts.get, async ({ request, reply, headers }) => {
        const metrics = checkScraper(ctx, { ip: request.ip, authorization: headers.authorization });
        const { text, type } = await scrapeMetrics(ctx, metrics);
        return reply.header('cache-control', 'no-store').type(type).send(text);
      });
    },
    { logLevel: 'warn' },
  );
}
