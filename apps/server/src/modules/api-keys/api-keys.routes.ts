import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeySchema } from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

export function registerApiKeyRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: "The caller's API keys (the keys themselves are never shown again)",
        response: { 200: z.array(apiKeySchema) },
      },
    },
    async (request, reply) => listApiKeys(ctx, await getActor(ctx, request, reply)),
  );
  app.post(
    '/api/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; `key` is in this response only',
        description:
          'Use it as `Authorization: Bearer <key>` on any endpoint: it acts as your account, with the same permissions and rows, and is rate limited per key.',
        body: apiKeyCreateBodySchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(created);
    },
  );
  app.delete(
    '/api/api-keys/:id',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key; it answers 401 from then on',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      await revokeApiKey(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
}
