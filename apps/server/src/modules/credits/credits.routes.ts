import { ledgerEntrySchema, ledgerQuerySchema, listResponseSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { listLedger } from './ledger.service.js';

export function registerCreditRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/credits/ledger',
    {
      schema: {
        tags: ['credits'],
        summary:
          'Credit movements, newest first: my own; admins any account (?account_id=, or all), resellers their sub-accounts',
        querystring: ledgerQuerySchema,
        response: { 200: listResponseSchema(ledgerEntrySchema) },
      },
    },
    async (request, reply) => listLedger(ctx, await getActor(ctx, request, reply), request.query),
  );
}
