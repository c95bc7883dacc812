import { setupGuideBodySchema, setupGuideSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { getSetupGuide, setSetupGuideHidden } from './setup-guide.service.js';

export function registerSetupGuideRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/setup-guide',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The first-run guide's steps, each done or not from the panel's data (admin)",
        description:
          'server: a server has passed a connection test; credit_packages: an active credit package exists; ' +
          'contact_details: an email, Telegram or WhatsApp contact is set; reseller: an account in Resellers exists.',
        response: { 200: setupGuideSchema },
      },
    },
    async (request, reply) => getSetupGuide(ctx, await getActor(ctx, request, reply)),
  );

  app.put(
    '/api/setup-guide',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Hide the first-run guide for me, or show it again (admin)',
        body: setupGuideBodySchema,
        response: { 200: setupGuideSchema },
      },
    },
    async (request, reply) => setSetupGuideHidden(ctx, await getActor(ctx, request, reply), request.body),
  );
}
