import { lineAdoptionContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { adoptAccounts } from './adoption-commit.service.js';
import { previewAdoption } from './adoption-preview.service.js';
import { listUnmanagedAccounts } from './unmanaged-accounts.service.js';

export function registerLineAdoptionRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, lineAdoptionContracts.listUnmanaged, ({ actor, params }) =>
    listUnmanagedAccounts(ctx, actor, params.id),
  );
  route(app, ctx, lineAdoptionContracts.preview, ({ actor, params, body }) =>
    previewAdoption(ctx, actor, params.id, body),
  );
  route(app, ctx, lineAdoptionContracts.adopt, ({ actor, params, body }) =>
    adoptAccounts(ctx, actor, params.id, body),
  );
}
