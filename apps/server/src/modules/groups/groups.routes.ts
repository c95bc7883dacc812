import { groupContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { createGroup, deleteGroup, listGroups, updateGroup } from './groups.service.js';

export function registerGroupRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, groupContracts.list, async ({ actor }) => ({ items: await listGroups(ctx, actor) }));
  route(app, ctx, groupContracts.create, ({ actor, body }) => createGroup(ctx, actor, body));
  route(app, ctx, groupContracts.update, ({ actor, params, body }) =>
    updateGroup(ctx, actor, params.id, body),
  );
  route(app, ctx, groupContracts.remove, ({ actor, params }) => deleteGroup(ctx, actor, params.id));
}
