import { apiKeyContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

export function registerApiKeyRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, apiKeyContracts.list, ({ actor }) => listApiKeys(ctx, actor));
  route(app, ctx, apiKeyContracts.create, ({ actor, body }) => createApiKey(ctx, actor, body));
  route(app, ctx, apiKeyContracts.revoke, ({ actor, params }) => revokeApiKey(ctx, actor, params.id));
}
